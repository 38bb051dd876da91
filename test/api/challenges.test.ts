/** Challenges through the API with a fake clock (docs/challenges.md), and what the parties are told. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { CHALLENGE_DAYS } from '../../functions/service/challenges.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';
import { dataOf, problemOf, testClient, type Answer, type Api, type Player, type Problem } from '../support/client.js';
import { openStream } from '../support/event-stream.js';

let clock = Date.parse('2026-11-24T08:00:00.000Z');
let server: LocalServer;
let api: Api;
const CAPS = { ...RAISED_LIMITS.caps, challengesOutgoing: 3, challengesIncoming: 4 };

beforeAll(async () => {
  server = await startLocalServer({
    registry: testRegistry(),
    limits: { ...RAISED_LIMITS, caps: CAPS },
    sweepMs: 0,
    now: () => new Date(clock),
  });
  api = testClient(server.url);
});
afterAll(() => server.close());

const challenge = (from: Player, to: Player, extra: Record<string, unknown> = {}) =>
  from.POST('/v1/challenges', { body: { opponent: to.playerId, game: 'high-card', ...extra } });
const made = async (from: Player, to: Player) => dataOf(await challenge(from, to));
const on = (id: string) => ({ params: { path: { id } } });
const pair = async () => [await api.newPlayer('Anna'), await api.newPlayer('Bruno')] as const;

describe('challenges (docs/challenges.md)', () => {
  it('made, listed by both parties, accepted: the game starts with both seated (RP-CHALLENGE-2)', async () => {
    const [anna, bruno] = await pair();
    const c = await made(anna, bruno);
    expect(c).toMatchObject({ status: 'pending', challenger: { id: anna.playerId }, opponent: { id: bruno.playerId } });
    for (const p of [anna, bruno])
      expect(dataOf(await p.GET('/v1/challenges', {})).items.map((i) => i.id)).toEqual([c.id]);
    const accepted = dataOf(await bruno.POST('/v1/challenges/{id}/accept', on(c.id)));
    expect(accepted.status).toBe('accepted');
    const game = dataOf(await anna.GET('/v1/games/{id}', { params: { path: { id: accepted.gameId! } } }));
    expect(game.status).toBe('active');
    expect(game.seats.map((s) => s.playerId).sort()).toEqual([anna.playerId, bruno.playerId].sort());
    expect(dataOf(await anna.GET('/v1/challenges', {})).items).toEqual([]);
    expect(dataOf(await anna.GET('/v1/challenges/{id}', on(c.id)))).toEqual(accepted);
  });

  it('a bot account challenged is marked as one on the challenge and seated as one; the person is not (RP-CHALLENGE-2)', async () => {
    const [anna, gus] = await pair();
    expect(dataOf(await gus.POST('/v1/players/me/bot-account', {}))).toMatchObject({ botAccount: true });
    const c = await made(anna, gus);
    // The parties carry the mark, so that a client need not read their profiles.
    expect(c.opponent).toEqual({ id: gus.playerId, name: 'Bruno', botAccount: true });
    expect(c.challenger).not.toHaveProperty('botAccount');
    expect(dataOf(await gus.GET('/v1/challenges', {})).items[0]).toMatchObject({ opponent: { botAccount: true } });
    const { gameId } = dataOf(await gus.POST('/v1/challenges/{id}/accept', on(c.id)));
    const game = dataOf(await anna.GET('/v1/games/{id}', { params: { path: { id: gameId! } } }));
    const seatOf = (id: string) => game.seats.find((s) => s.playerId === id)!;
    expect(seatOf(gus.playerId)).toMatchObject({ botAccount: true });
    expect(seatOf(anna.playerId)).not.toHaveProperty('botAccount');
  });

  it('declined with a reason (RP-CHALLENGE-4), canceled by its challenger; answering twice is 409', async () => {
    const [anna, bruno] = await pair();
    const first = await made(anna, bruno);
    expect(
      dataOf(await bruno.POST('/v1/challenges/{id}/decline', { ...on(first.id), body: { reason: 'tooFast' } })),
    ).toMatchObject({ status: 'declined', reason: 'tooFast' });
    const again = await bruno.POST('/v1/challenges/{id}/accept', on(first.id));
    expect([again.response.status, problemOf(again).code]).toEqual([409, 'challenge_not_pending']);
    const second = await made(anna, bruno);
    const wrong = await bruno.POST('/v1/challenges/{id}/cancel', on(second.id));
    expect([wrong.response.status, problemOf(wrong).code]).toEqual([403, 'not_your_challenge']);
    const own = await anna.POST('/v1/challenges/{id}/accept', on(second.id));
    expect([own.response.status, problemOf(own).code]).toEqual([403, 'not_your_challenge']);
    expect(dataOf(await anna.POST('/v1/challenges/{id}/cancel', on(second.id))).status).toBe('canceled');
    const stranger = await api.newPlayer('Cleo');
    const hidden = await stranger.GET('/v1/challenges/{id}', on(second.id));
    expect([hidden.response.status, problemOf(hidden).code]).toEqual([404, 'not_found']);
  });

  it('of two accepts at once, or an accept and a cancel, exactly one wins (RP-CHALLENGE-3)', async () => {
    const [anna, bruno] = await pair();
    const c = await made(anna, bruno);
    const answers = await Promise.all([
      bruno.POST('/v1/challenges/{id}/accept', on(c.id)),
      bruno.POST('/v1/challenges/{id}/accept', on(c.id)),
      anna.POST('/v1/challenges/{id}/cancel', on(c.id)),
    ]);
    const games = dataOf(await anna.GET('/v1/games', { params: { query: {} } })).items;
    const settled = dataOf(await anna.GET('/v1/challenges/{id}', on(c.id)));
    expect(games).toHaveLength(settled.status === 'accepted' ? 1 : 0);
    const [accepts, cancel] = [answers.slice(0, 2), answers[2]!];
    if (settled.status === 'canceled') {
      expect(answers.map((a) => a.response.status)).toEqual([409, 409, 200]);
      return;
    }
    expect(cancel.response.status).toBe(409);
    // One accept counted; the other is refused, unless it came while that game was still starting
    // and helped start it (RP-CHALLENGE-7): then it answers the same game.
    expect(accepts.some((a) => a.response.status === 200)).toBe(true);
    for (const a of accepts)
      if (a.response.status === 200) expect(dataOf(a).gameId).toBe(settled.gameId);
      else expect(problemOf(a)).toMatchObject({ code: 'challenge_not_pending', gameId: settled.gameId });
  });

  it(`expires after ${CHALLENGE_DAYS} days unanswered (RP-CHALLENGE-5)`, async () => {
    const [anna, bruno] = await pair();
    const c = await made(anna, bruno);
    clock += CHALLENGE_DAYS * 86_400_000;
    expect(dataOf(await bruno.GET('/v1/challenges', {})).items).toEqual([]);
    expect(dataOf(await bruno.GET('/v1/challenges/{id}', on(c.id))).status).toBe('expired');
    const late = await bruno.POST('/v1/challenges/{id}/accept', on(c.id));
    expect([late.response.status, problemOf(late).code]).toEqual([409, 'challenge_not_pending']);
  });

  it('bad input is refused with its declared code, and nothing is stored', async () => {
    const [anna, bruno] = await pair();
    const refused = async (answer: Promise<Answer<Problem>>, status: number, code: string) => {
      const r = await answer;
      expect([r.response.status, problemOf(r).code]).toEqual([status, code]);
    };
    await refused(challenge(anna, anna), 400, 'challenge_yourself');
    await refused(
      anna.POST('/v1/challenges', { body: { opponent: 'nobody-here', game: 'high-card' } }),
      400,
      'unknown_opponent',
    );
    await refused(challenge(anna, bruno, { game: 'chess' }), 400, 'unknown_game');
    await refused(challenge(anna, bruno, { options: { rounds: 'many' } }), 400, 'invalid_options');
    await refused(challenge(anna, bruno, { seat: 'left' }), 400, 'invalid_body');
    expect(dataOf(await bruno.GET('/v1/challenges', {})).items).toEqual([]);
  });

  it('caps: pending challenges made per player, and waiting for one player', async () => {
    const [anna, bruno] = await pair();
    for (let i = 0; i < CAPS.challengesOutgoing; i++) await made(anna, bruno);
    const over = await challenge(anna, bruno);
    expect([over.response.status, problemOf(over).code]).toEqual([409, 'too_many_challenges']);
    const cleo = await api.newPlayer('Cleo');
    await made(cleo, bruno);
    const full = await challenge(cleo, bruno);
    expect([full.response.status, problemOf(full).code]).toEqual([409, 'opponent_challenges_full']);
  });

  it('the opponent hears of a challenge on the event stream, the challenger of its answer (RP-CHALLENGE-6)', async () => {
    const [anna, bruno] = await pair();
    const [annas, brunos] = [await openStream(anna), await openStream(bruno)];
    const c = await made(anna, bruno);
    const isChallenge = (status: string) => (m: (typeof annas.received)[number]) =>
      m.type === 'event' && m.kind === 'challenge' && m.challenge === c.id && m.status === status;
    await brunos.next(isChallenge('pending'));
    await bruno.POST('/v1/challenges/{id}/decline', on(c.id));
    await annas.next(isChallenge('declined'));
    annas.close();
    brunos.close();
  });
});
