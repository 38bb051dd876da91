/**
 * What a reply by email must not do, and what it tells its sender, over real
 * SMTP: a stale code, an unknown code, no code, a reply from the wrong address, forged tokens, a
 * duplicated delivery, and replies with quoted history in Gmail, Outlook and Apple Mail styles
 * (their other text goes to the table talk, without the quote).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { dataOf, testClient, type Api, type Player } from '../support/client.js';
import { playerWithEmail } from '../support/accounts.js';
import { quoted, startMailWorld, type MailWorld, type Received } from './mail-kit.js';

let world: MailWorld;
let api: Api;
let people: { client: Player; email: string }[];
let id: string;

const version = async () =>
  dataOf(await people[0]!.client.GET('/v1/games/{id}/view', { params: { path: { id } } })).version;
const due = async () =>
  people[dataOf(await people[0]!.client.GET('/v1/games/{id}', { params: { path: { id } } })).toAct[0]!]!;
const turnMail = async (p: { email: string }): Promise<Received> =>
  (await world.inbox(p.email)).filter((m) => m.replyTo).at(-1)!;
const outcome = () => world.server.received.at(-1);
const moves = async () =>
  dataOf(await people[0]!.client.GET('/v1/games/{id}/log', { params: { path: { id } } })).entries.length;

beforeAll(async () => {
  world = await startMailWorld();
  api = testClient(world.server.url);
  people = await Promise.all(
    ['anna', 'ben'].map(async (n) => ({
      client: await playerWithEmail(world.server, api, n, `${n}@example.test`),
      email: `${n}@example.test`,
    })),
  );
  const created = dataOf(
    await people[0]!.client.POST('/v1/games', { body: { game: ticketToRideEurope.id, players: 2, options: {} } }),
  );
  id = created.id;
  await people[1]!.client.POST('/v1/games/{id}/join', {
    params: { path: { id } },
    body: { inviteCode: created.inviteCode! },
  });
}, 60_000);
afterAll(() => world.close());

describe('replies by email', () => {
  it('a stale code (the game moved on since the email) plays nothing and is answered with the current choices', async () => {
    const [anna, ben] = people as [(typeof people)[0], (typeof people)[0]];
    const bensStart = await turnMail(ben);
    // The opening ticket choice is simultaneous: Anna's reply moves the game past Ben's email.
    await world.send({ from: anna.email, to: (await turnMail(anna)).replyTo!, text: '1' });
    expect(outcome()).toMatchObject({ kind: 'played', code: '1' });
    const before = await version();
    await world.send({ from: ben.email, to: bensStart.replyTo!, text: '1' });
    expect(outcome()).toMatchObject({ kind: 'answered', problem: 'stale' });
    expect(await version()).toBe(before);
    const answer = await turnMail(ben);
    expect(answer.subject).toBe('Your reply to Ticket to Ride: Europe played nothing');
    expect(answer.text).toContain('the game has moved on since that email');
    expect(answer.text).toContain('Your choices:');
    expect(answer.replyTo).not.toBe(bensStart.replyTo);
    // The answer's own address plays.
    await world.send({ from: ben.email, to: answer.replyTo!, text: '1' });
    expect(outcome()).toMatchObject({ kind: 'played' });
  });

  it('an unknown code and a reply without a code play nothing and say why', async () => {
    const p = await due();
    const before = await version();
    await world.send({ from: p.email, to: (await turnMail(p)).replyTo!, text: '99z' });
    expect(outcome()).toMatchObject({ kind: 'answered', problem: 'unknownCode' });
    expect((await turnMail(p)).text).toContain('“99z” is not one of the codes');
    await world.send({ from: p.email, to: (await turnMail(p)).replyTo!, text: 'Hmm, let me think about it.\nLater.' });
    expect(outcome()).toMatchObject({ kind: 'answered', problem: 'noCode' });
    expect(await version()).toBe(before);
  });

  it('a reply from another address than the seat holder’s confirmed one plays nothing and gets no answer', async () => {
    const p = await due();
    const before = await version();
    const sent = (await world.inbox('mallory@example.test')).length;
    await world.send({ from: 'mallory@example.test', to: (await turnMail(p)).replyTo!, text: '1' });
    expect(outcome()).toEqual({ kind: 'dropped', reason: 'wrongSender' });
    expect(await version()).toBe(before);
    expect(await world.inbox('mallory@example.test')).toHaveLength(sent);
  });

  it('a forged token plays nothing: an altered MAC, another seat, another version', async () => {
    const p = await due();
    const before = await version();
    const address = (await turnMail(p)).replyTo!;
    const [local, domain] = address.split('@') as [string, string];
    const parts = local.split('.');
    const tag = parts[5]!;
    const forgeries = [
      [...parts.slice(0, 5), `${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`],
      [parts[0], parts[1], parts[2] === '0' ? '1' : '0', ...parts.slice(3)],
      [parts[0], parts[1], parts[2], String(Number(parts[3]) + 1), ...parts.slice(4)],
    ];
    for (const forged of forgeries) {
      await world.send({ from: p.email, to: `${forged.join('.')}@${domain}`, text: '1' });
      expect(outcome()).toEqual({ kind: 'dropped', reason: 'forged' });
    }
    expect(await version()).toBe(before);
  });

  it('a message delivered twice (same Message-ID) plays once and is answered once', async () => {
    const p = await due();
    const mail = await turnMail(p);
    const before = await moves();
    const sent = (await world.inbox(p.email)).length;
    const messageId = `<twice-${Date.now()}@example.test>`;
    await world.send({ from: p.email, to: mail.replyTo!, text: '1', messageId });
    expect(outcome()).toMatchObject({ kind: 'played' });
    const after = await moves();
    const answered = (await world.inbox(p.email)).length;
    await world.send({ from: p.email, to: mail.replyTo!, text: '1', messageId });
    expect(outcome()).toEqual({ kind: 'dropped', reason: 'duplicate' });
    expect(after).toBeGreaterThan(before);
    expect(await moves()).toBe(after);
    expect((await world.inbox(p.email)).length).toBe(answered);
    // The one answer: what was played, and the position now.
    expect(answered).toBe(sent + 1);
  });

  for (const style of ['gmail', 'outlook', 'appleMail'] as const) {
    it(`a reply with quoted history in ${style} style plays its code; its other text, and only that, goes to the table talk`, async () => {
      const p = await due();
      const mail = await turnMail(p);
      const before = await moves();
      const talk = `Your move, ${style}!`;
      await world.send({ from: p.email, to: mail.replyTo!, text: quoted[style](`1\n${talk}`, mail) });
      expect(outcome()).toMatchObject({ kind: 'played', code: '1', chat: true });
      expect(await moves()).toBeGreaterThan(before);
      const chat = dataOf(await p.client.GET('/v1/games/{id}/chat', { params: { path: { id } } }));
      expect(chat.messages.at(-1)!.text).toBe(talk);
    });
  }
});
