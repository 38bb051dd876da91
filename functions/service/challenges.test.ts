/**
 * RP-CHALLENGE-7: an accept settles the challenge, then starts its game. A process that dies in
 * between leaves the challenge accepted with a game that does not exist; the opponent's accept
 * again starts that game, under the challenge's `gameId`, and of repairs at once exactly one game
 * is made. The stores are in memory, one of the game's writes failing once as a crash would.
 */
import { describe, expect, it } from 'vitest';
import { testRegistry } from '../../test/support/local.js';
import type { PlayerRecord } from '../domain/player.js';
import { memoryStores } from '../store/memory/index.js';
import type { GameLog } from '../store/ports/game-log.js';
import { createServices, type Services } from './index.js';
import { sure } from './refusal.js';

/** Services whose game store fails `write` once, the first time it is called. */
function crashingOnce(write: 'putMeta' | 'putCommit'): Services {
  const stores = memoryStores();
  const games: GameLog = stores.games;
  const real = games[write].bind(games) as (...args: unknown[]) => Promise<void>;
  let crashed = false;
  Object.assign(games, {
    [write]: (...args: unknown[]) => {
      if (crashed) return real(...args);
      crashed = true;
      return Promise.reject(new Error('the process died'));
    },
  });
  return createServices(stores, testRegistry());
}

async function person(s: Services, name: string): Promise<PlayerRecord> {
  return sure(await s.players.create({ name })).player;
}

/** Anna challenges Bruno, and Bruno's accept dies after settling it: the challenge and Anna. */
async function acceptedWithoutGame(s: Services) {
  const [anna, bruno] = [await person(s, 'Anna'), await person(s, 'Bruno')];
  const c = sure(await s.challenges.create(anna, { opponent: bruno.id, game: 'high-card' }));
  await expect(s.challenges.accept(bruno, c.id)).rejects.toThrow('the process died');
  const settled = sure(await s.challenges.get(bruno, c.id));
  expect(settled).toMatchObject({ status: 'accepted', gameId: expect.any(String) });
  expect(await s.seating.started(settled.gameId!)).toBe(false);
  return { anna, bruno, id: c.id, gameId: settled.gameId! };
}

/** The game's people, sorted, and how many games each has: one game, both seated, started. */
async function oneGame(s: Services, gameId: string, anna: PlayerRecord, bruno: PlayerRecord) {
  expect(await s.seating.started(gameId)).toBe(true);
  const found = await s.table.readGame(gameId);
  expect(found!.meta.seats.map((seat) => seat.playerId).sort()).toEqual([anna.id, bruno.id].sort());
  for (const p of [anna, bruno]) expect((await s.table.listMemberships(p.id)).map((m) => m.gameId)).toEqual([gameId]);
}

describe('an accept that died before its game started is repaired by accepting again (RP-CHALLENGE-7)', () => {
  for (const write of ['putMeta', 'putCommit'] as const) {
    it(`the start failing at ${write}: the next accept starts the game under the challenge's gameId`, async () => {
      const s = crashingOnce(write);
      const { anna, bruno, id, gameId } = await acceptedWithoutGame(s);
      // The challenger may not repair it: only the opponent accepts.
      expect(await s.challenges.accept(anna, id)).toMatchObject({ ok: false, refusal: { code: 'not_your_challenge' } });
      expect(sure(await s.challenges.accept(bruno, id))).toMatchObject({ status: 'accepted', gameId });
      await oneGame(s, gameId, anna, bruno);
      // Once the game exists, an accept is refused as before, naming it.
      expect(await s.challenges.accept(bruno, id)).toMatchObject({
        ok: false,
        refusal: { code: 'challenge_not_pending', extras: { challengeStatus: 'accepted', gameId } },
      });
    });
  }

  it('two repairs at once make one game, and both answer it', async () => {
    const s = crashingOnce('putMeta');
    const { anna, bruno, id, gameId } = await acceptedWithoutGame(s);
    const answers = await Promise.all([s.challenges.accept(bruno, id), s.challenges.accept(bruno, id)]);
    expect(answers.map((a) => sure(a).gameId)).toEqual([gameId, gameId]);
    await oneGame(s, gameId, anna, bruno);
  });
});
