/**
 * The rules that keep ratings from being farmed (docs/playing.md, "Ratings"), through the API:
 * RP-RATE-1 (a game forfeited by a seat that has not moved, or inside the abort window, is
 * unrated) and RP-RATE-2 (the same people's rated games of a kind count once per 24 hours).
 */
import { describe, expect, it } from 'vitest';
import { dataOf, type Player } from '../support/client.js';
import { HighCardGame } from '../support/high-card-game.js';
import { useTestServer } from '../support/local.js';

let clock = Date.parse('2026-11-02T08:00:00.000Z');
const suite = useTestServer({ now: () => new Date(clock) });

const HOUR = 3600_000;
const pass = (legal: { type: string }[]) => legal.find((a) => a.type === 'pass');

/** A public two-person game between `a` (seat 0) and `b` (seat 1), its records written once `b` resigns after `moves`. */
async function resignedAfter(
  a: Player,
  b: Player,
  moves: (g: HighCardGame) => Promise<unknown>,
): Promise<HighCardGame> {
  const g = await HighCardGame.create([a, b], { options: { rounds: 1, handSize: 2 } });
  const { table } = suite.server.services;
  const meta = (await table.readGame(g.id))!.meta;
  await table.replaceMeta({ ...meta, visibility: 'public', revision: meta.revision + 1 });
  await moves(g);
  dataOf(await b.POST('/v1/games/{id}/resign', { params: g.params }));
  await suite.server.services.results.record(g.id);
  return g;
}

const realGame = (g: HighCardGame) => g.pastAbortWindow();

const ratingsOf = async (as: Player, id: string) =>
  dataOf(await as.GET('/v1/profiles/{playerId}', { params: { path: { playerId: id } } })).ratings;
const board = async (as: Player) =>
  dataOf(await as.GET('/v1/leaderboards/{game}', { params: { path: { game: 'high-card' } } })).rows;
const finished = async (as: Player, id: string) =>
  dataOf(await as.GET('/v1/finished-games', { params: { query: { game: 'high-card' } } })).items.find(
    (x) => x.id === id,
  );

describe('RP-RATE-1: a forfeit before the game has begun is unrated', () => {
  it('RP-RATE-1: 15 games a sock account resigns before moving leave both ratings unchanged and the farmer off the leaderboard', async () => {
    const [farmer, sock] = [await suite.api.newPlayer('Farmer'), await suite.api.newPlayer('Sock')];
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      clock += 25 * HOUR;
      ids.push((await resignedAfter(farmer, sock, async () => {})).id);
    }
    expect(await ratingsOf(farmer, farmer.playerId)).toEqual([]);
    expect(await ratingsOf(farmer, sock.playerId)).toEqual([]);
    expect((await board(farmer)).map((r) => r.playerId)).not.toContain(farmer.playerId);
    // The finished record says so, and still ranks the game.
    const one = await finished(farmer, ids[0]!);
    expect(one).toMatchObject({ rated: false, seats: [{ place: 1 }, { place: 2, forfeited: true }] });
  });

  it('RP-RATE-1: the resigning seat never moved, or nobody has made a second move (the abort window): unrated', async () => {
    const [ann, ben] = [await suite.api.newPlayer('Ann'), await suite.api.newPlayer('Ben')];
    clock += 25 * HOUR;
    const opponentMoved = await resignedAfter(ann, ben, (g) => g.act(0, pass));
    clock += 25 * HOUR;
    const bothMovedOnce = await resignedAfter(ann, ben, async (g) => {
      await g.act(0, pass);
      await g.act(1, pass);
    });
    expect((await finished(ann, opponentMoved.id))?.rated).toBe(false);
    expect((await finished(ann, bothMovedOnce.id))?.rated).toBe(false);
    expect(await ratingsOf(ann, ann.playerId)).toEqual([]);
    expect(await ratingsOf(ann, ben.playerId)).toEqual([]);
  });

  it('RP-RATE-1: a real game (both moved, the window closed, a resignation later) is rated', async () => {
    const [cy, dee] = [await suite.api.newPlayer('Cy'), await suite.api.newPlayer('Dee')];
    clock += 25 * HOUR;
    const g = await resignedAfter(cy, dee, realGame);
    expect((await finished(cy, g.id))?.rated).toBe(true);
    expect((await ratingsOf(cy, cy.playerId))[0]?.rating).toBeGreaterThan(1500);
    expect((await ratingsOf(cy, dee.playerId))[0]?.rating).toBeLessThan(1500);
    expect((await board(cy)).map((r) => r.playerId)).toContain(cy.playerId);
  });
});

describe('RP-RATE-2: the same people count once a day', () => {
  it('RP-RATE-2: a second rated-worthy game of the same pair within 24 hours changes no rating; a day later one counts again', async () => {
    const [eve, fay, gus] = [
      await suite.api.newPlayer('Eve'),
      await suite.api.newPlayer('Fay'),
      await suite.api.newPlayer('Gus'),
    ];
    clock += 25 * HOUR;
    const first = await resignedAfter(eve, fay, realGame);
    const [eveAfter] = await ratingsOf(eve, eve.playerId);
    const [fayAfter] = await ratingsOf(eve, fay.playerId);
    expect(eveAfter?.games).toBe(1);

    clock += 23 * HOUR;
    const second = await resignedAfter(eve, fay, realGame);
    expect((await finished(eve, first.id))?.rated).toBe(true);
    expect((await finished(eve, second.id))?.rated).toBe(false);
    expect(await ratingsOf(eve, eve.playerId)).toEqual([eveAfter]);
    expect(await ratingsOf(eve, fay.playerId)).toEqual([fayAfter]);

    // Another opponent the same day counts.
    await resignedAfter(eve, gus, realGame);
    expect((await ratingsOf(eve, eve.playerId))[0]?.games).toBe(2);

    clock += 2 * HOUR;
    const nextDay = await resignedAfter(eve, fay, realGame);
    expect((await finished(eve, nextDay.id))?.rated).toBe(true);
    expect((await ratingsOf(eve, fay.playerId))[0]?.games).toBe(2);
  });
});
