/**
 * Whole games played by replying to the turn emails only, over real SMTP,
 * with the turn email as a complete client and the reply checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { streetcar } from '../../engine/games/streetcar/index.js';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { wordsFor } from '../../functions/notify/wording.js';
import { webGame } from '../../presentation/games.js';
import { dataOf, testClient, type Api, type Player } from '../support/client.js';
import { playerWithEmail } from '../support/accounts.js';
import { codeFor, quoted, startMailWorld, type MailWorld, type Received } from './mail-kit.js';

let world: MailWorld;
let api: Api;

beforeAll(async () => {
  world = await startMailWorld();
  api = testClient(world.server.url);
});
afterAll(() => world.close());

interface Person {
  client: Player;
  email: string;
}

async function twoPeople(tag: string): Promise<[Person, Person]> {
  const people = ['Anna', 'Ben'].map(async (name) => {
    const email = `${name.toLowerCase()}.${tag}@example.test`;
    return { client: await playerWithEmail(world.server, api, name, email), email };
  });
  return Promise.all(people) as Promise<[Person, Person]>;
}

async function newGame(
  game: AnyGame,
  [anna, ben]: [Person, Person],
  options: Record<string, unknown> = {},
): Promise<string> {
  const created = dataOf(await anna.client.POST('/v1/games', { body: { game: game.id, players: 2, options } }));
  await ben.client.POST('/v1/games/{id}/join', {
    params: { path: { id: created.id } },
    body: { inviteCode: created.inviteCode! },
  });
  return created.id;
}

/** The newest email to `person` that one can answer by replying (a turn email or an answer). */
async function turnMail(person: Person): Promise<Received> {
  const mail = (await world.inbox(person.email)).filter((m) => m.replyTo).at(-1);
  if (!mail) throw new Error(`no turn email for ${person.email}`);
  return mail;
}

const lastOutcome = () => world.server.received.at(-1);

/**
 * Plays `game` to its end: whoever is due replies to their newest turn email with the code of the
 * move the game's bot would make (read off the email by its words, as a person reads it).
 */
async function playByMail(
  game: AnyGame,
  id: string,
  people: [Person, Person],
): Promise<{ played: number; stale: number }> {
  const rng = new Rng(seedRng(`mail-${game.id}`));
  const ui = webGame(game.id)!.ui(await wordsFor('en'));
  let played = 0;
  let stale = 0;
  for (let turn = 0; turn < 3000; turn++) {
    const summary = dataOf(await people[0].client.GET('/v1/games/{id}', { params: { path: { id } } }));
    if (summary.status === 'finished') break;
    const seat = summary.toAct[0]!;
    const person = people[seat]!;
    const view = dataOf(await person.client.GET('/v1/games/{id}/view', { params: { path: { id } } }));
    const action = game.bot({ seat, view: view.view as never, legal: view.legalActions as never, rng });
    const mail = await turnMail(person);
    const key = ui.targets(action as never)[0];
    const label = ui.choiceLabel?.(action as never, game.components) ?? null;
    const title = key && ui.placeName ? ui.placeName(key, game.components) : null;
    const code = codeFor(
      mail,
      ui.describeAction(action as never, game.components, view.view),
      title && label ? { title, label } : undefined,
    );
    await world.send({
      from: person.email,
      to: mail.replyTo!,
      subject: `Re: ${mail.subject}`,
      inReplyTo: mail.messageId,
      text: code,
    });
    const outcome = lastOutcome();
    if (outcome?.kind === 'played') played++;
    else if (outcome?.kind === 'answered' && outcome.problem === 'stale') stale++;
    else throw new Error(`reply ${code} did not play: ${JSON.stringify(outcome)}`);
  }
  return { played, stale };
}

describe('whole games played by email replies only', () => {
  it('a two-player Ticket to Ride game, every move a reply to a turn email', { timeout: 240_000 }, async () => {
    const people = await twoPeople('ttr');
    const id = await newGame(ticketToRideEurope, people);
    const first = await turnMail(people[0]);
    // The position (hand, tickets, scores) and the choices with codes, in both parts.
    expect(first.text).toContain('Your choices:');
    expect(first.text).toMatch(/Scores:\n- Anna: 0 points, 45 trains, 4 cards\n- Ben: 0 points/);
    expect(first.text).toMatch(/Your cards \(4\):/);
    expect(first.html).toContain('color-scheme');
    expect(first.replyTo).toMatch(/^m\.[A-Za-z0-9_-]+\.\d\.\d+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}@/);
    expect(first.replyTo!.split('@')[0]!.length).toBeLessThanOrEqual(64);

    const { played, stale } = await playByMail(ticketToRideEurope, id, people);
    const final = dataOf(await people[0].client.GET('/v1/games/{id}', { params: { path: { id } } }));
    expect(final.status).toBe('finished');
    expect(played).toBeGreaterThan(40);
    // Only the simultaneous ticket choice at the start can outdate a code (the other seat moved first).
    expect(stale).toBeLessThanOrEqual(1);
    // The log holds only the moves the replies played: nothing came through the API.
    const log = dataOf(await people[0].client.GET('/v1/games/{id}/log', { params: { path: { id } } }));
    expect(log.entries.filter((e) => !e.bot)).toHaveLength(played);
    for (const p of people) expect((await world.inbox(p.email)).at(-1)!.subject).toMatch(/has ended/);
  });

  it('a two-player Streetcar game, every move a reply to a turn email', { timeout: 240_000 }, async () => {
    const people = await twoPeople('sc');
    const id = await newGame(streetcar, people);
    const { played } = await playByMail(streetcar, id, people);
    expect(dataOf(await people[0].client.GET('/v1/games/{id}', { params: { path: { id } } })).status).toBe('finished');
    expect(played).toBeGreaterThan(10);
  });
});
