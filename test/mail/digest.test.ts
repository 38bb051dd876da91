/**
 * The daily digest over real mail. A player who chose one email a day gets no
 * email per turn; at their hour, in their time zone, the sweep sends one digest with every game
 * where it is their turn, each code after the game's letter; one reply moves in both games; a
 * stale code for one game does not stop the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streetcar } from '../../engine/games/streetcar/index.js';
import { dataOf, testClient, type Player } from '../support/client.js';
import { playerWithEmail } from '../support/accounts.js';
import { startMailWorld, type MailWorld, type Received } from './mail-kit.js';

const ZONE = 'Europe/Prague';
/** Streetcar's name in English, as the emails give it. */
const TITLE = 'Streetcar (Linie 1)';
const HOUR_MS = 3_600_000;
let shift = 0;
let world: MailWorld;
let anna: { client: Player; email: string };
let ben: { client: Player; email: string };
let games: [string, string];

/** The test's clock runs on from the real one, moved ahead by whole days to the next digest hour. */
const now = () => new Date(Date.now() + shift);
const pragueHour = (at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(at));

/** Moves the clock past the next digest hour and sweeps. */
async function nextDigestHour(): Promise<void> {
  shift += 24 * HOUR_MS;
  await world.server.sweep();
}

const view = async (p: Player, id: string) => dataOf(await p.GET('/v1/games/{id}/view', { params: { path: { id } } }));
async function playFirst(p: Player, id: string): Promise<void> {
  const v = await view(p, id);
  dataOf(
    await p.POST('/v1/games/{id}/actions', {
      params: { path: { id } },
      body: { action: v.legalActions[0] as never, expectedVersion: v.version },
    }),
  );
}
const digests = async (): Promise<Received[]> =>
  (await world.inbox(anna.email)).filter((m) => m.replyTo?.startsWith('d.'));
/** The first code listed under the game of `label` in a digest. */
const firstCode = (mail: Received, label: string) =>
  new RegExp(`^\\s+(${label}\\d{1,3}[a-z]{0,2})\\s`, 'm').exec(mail.text.split(`== Game ${label}: `)[1] ?? '')?.[1];

beforeAll(async () => {
  world = await startMailWorld(now);
  const api = testClient(world.server.url);
  anna = { client: await playerWithEmail(world.server, api, 'Anna', 'anna@example.test'), email: 'anna@example.test' };
  ben = { client: await playerWithEmail(world.server, api, 'Ben', 'ben@example.test'), email: 'ben@example.test' };
  // The digest hour is the hour after the present one in Prague: the sweep a day later finds it due.
  const settings = await anna.client.PATCH('/v1/players/me', {
    body: { notifications: { digest: { hour: (pragueHour(now()) + 1) % 24, timeZone: ZONE } } },
  });
  expect(dataOf(settings).notifications.digest).toEqual({ hour: (pragueHour(now()) + 1) % 24, timeZone: ZONE });
}, 60_000);
afterAll(() => world.close());

describe('one email a day instead of one per turn', () => {
  it('an unknown time zone is refused with a declared code', async () => {
    const bad = await anna.client.PATCH('/v1/players/me', {
      body: { notifications: { digest: { hour: 8, timeZone: 'Mars/Olympus_Mons' } } },
    });
    expect(bad.response.status).toBe(400);
    expect((bad.error as { code?: string }).code).toBe('unknown_time_zone');
  });

  it("no digest goes out while it is the player's turn nowhere", async () => {
    await nextDigestHour();
    expect(await digests()).toEqual([]);
  });

  it("a digest lists both games where it is the player's turn, and no turn email came for them; one reply plays in both", async () => {
    games = [await newStreetcar(), await newStreetcar()];
    for (const id of games) expect((await view(anna.client, id)).toAct).toEqual([0]);
    // Anna moves once on the web in each game and Ben answers: her turn again, told by no email of its own.
    for (const id of games) {
      await playFirst(anna.client, id);
      while ((await view(anna.client, id)).toAct[0] !== 0) await playFirst(ben.client, id);
    }
    expect((await world.inbox(anna.email)).filter((m) => m.subject.startsWith('Your turn in Streetcar'))).toEqual([]);

    await nextDigestHour();
    const [digest] = await digests();
    expect(digest?.subject).toBe('Your turn in 2 games');
    expect(digest!.text).toContain("It's your turn in 2 games.");
    expect(digest!.text).toContain(`== Game A: ${TITLE} ==`);
    expect(digest!.text).toContain(`== Game B: ${TITLE} ==`);
    expect(digest!.html).toContain(`Game B: ${TITLE}`);
    const [a, b] = [firstCode(digest!, 'A'), firstCode(digest!, 'B')];
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    // A second sweep within the same hour sends nothing more.
    await world.server.sweep();
    expect(await digests()).toHaveLength(1);

    const before = await Promise.all(games.map(async (id) => (await view(anna.client, id)).version));
    await world.send({
      from: anna.email,
      to: digest!.replyTo!,
      text: `${a}\n${b}\n\nOn Tue, 24 Nov 2026 at 08:00, railpost wrote:\n> ${digest!.text.split('\n').join('\n> ')}`,
      messageId: '<digest-1@example.test>',
    });
    expect(world.server.received.at(-1)).toEqual({
      kind: 'digest',
      moves: [
        { code: a, gameId: games[0], problem: null },
        { code: b, gameId: games[1], problem: null },
      ],
    });
    const after = await Promise.all(games.map(async (id) => (await view(anna.client, id)).version));
    expect(after[0]).toBeGreaterThan(before[0]!);
    expect(after[1]).toBeGreaterThan(before[1]!);
    const answer = (await world.inbox(anna.email)).at(-1)!;
    expect(answer.subject).toBe('Your moves by email');
    expect(answer.text).toContain(`Game A, ${TITLE}: Your move by email is played: `);
    expect(answer.text).toContain(`Game B, ${TITLE}: Your move by email is played: `);

    // The same message delivered again plays nothing.
    await world.send({
      from: anna.email,
      to: digest!.replyTo!,
      text: `${a}\n${b}`,
      messageId: '<digest-1@example.test>',
    });
    expect(world.server.received.at(-1)).toEqual({ kind: 'dropped', reason: 'duplicate' });
    expect(await Promise.all(games.map(async (id) => (await view(anna.client, id)).version))).toEqual(after);
  }, 120_000);

  it("a stale code for one game is answered with that game's current choices; the other game's code is played", async () => {
    for (const id of games) while ((await view(anna.client, id)).toAct[0] !== 0) await playFirst(ben.client, id);
    await nextDigestHour();
    const digest = (await digests()).at(-1)!;
    const [a, b] = [firstCode(digest, 'A'), firstCode(digest, 'B')];
    // Game A moves on after the digest: Anna on the web, then Ben; it is her turn again, at another version.
    await playFirst(anna.client, games[0]);
    while ((await view(anna.client, games[0])).toAct[0] !== 0) await playFirst(ben.client, games[0]);
    const versionA = (await view(anna.client, games[0])).version;
    const versionB = (await view(anna.client, games[1])).version;

    await world.send({ from: anna.email, to: digest.replyTo!, text: `${a} ${b}` });
    expect(world.server.received.at(-1)).toEqual({
      kind: 'digest',
      moves: [
        { code: a, gameId: games[0], problem: 'stale' },
        { code: b, gameId: games[1], problem: null },
      ],
    });
    expect((await view(anna.client, games[0])).version).toBe(versionA);
    expect((await view(anna.client, games[1])).version).toBeGreaterThan(versionB);
    const answer = (await world.inbox(anna.email)).at(-1)!;
    expect(answer.text).toContain(
      `Game A, ${TITLE}: Your reply played nothing: the game has moved on since that email`,
    );
    expect(answer.text).toContain(`Game B, ${TITLE}: Your move by email is played: `);
    // The answer lists the games where it is still her turn (A, and B if its turn has a second step), with fresh codes and a new reply address.
    const due = (await Promise.all(games.map(async (id) => (await view(anna.client, id)).toAct.includes(0)))).filter(
      Boolean,
    ).length;
    expect(answer.text).toContain(due === 1 ? "It's your turn in 1 game." : `It's your turn in ${due} games.`);
    expect(answer.text).toContain(`== Game A: ${TITLE} ==`);
    expect(firstCode(answer, 'A')).toBeDefined();
    expect(answer.replyTo).toMatch(/^d\./);
    expect(answer.replyTo).not.toBe(digest.replyTo);
  }, 120_000);

  it('back to one email per turn: no more digests, and the next turn has its own email again', async () => {
    dataOf(await anna.client.PATCH('/v1/players/me', { body: { notifications: { digest: null } } }));
    const sent = (await digests()).length;
    await nextDigestHour();
    expect(await digests()).toHaveLength(sent);
    // Her whole turn on the web, then Ben's: she becomes due again.
    while ((await view(anna.client, games[1])).toAct[0] === 0) await playFirst(anna.client, games[1]);
    while ((await view(anna.client, games[1])).toAct[0] !== 0) await playFirst(ben.client, games[1]);
    expect((await world.inbox(anna.email)).at(-1)?.subject).toBe(`Your turn in ${TITLE}`);
  }, 120_000);
});

async function newStreetcar(): Promise<string> {
  const created = dataOf(await anna.client.POST('/v1/games', { body: { game: streetcar.id, players: 2 } }));
  dataOf(
    await ben.client.POST('/v1/games/{id}/join', {
      params: { path: { id: created.id } },
      body: { inviteCode: created.inviteCode! },
    }),
  );
  return created.id;
}
