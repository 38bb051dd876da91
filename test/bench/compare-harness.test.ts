/**
 * The fair comparison (scripts/bench/compare.ts) is fair only if both sides do the
 * same work: boardgame.io's master replays exactly the games railpost's service played (same
 * seeds, same actions, the same number of moves, the same end), sends every seat its update, and
 * every DynamoDB call railpost makes goes through the transport whose time is subtracted. Nothing
 * here measures speed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../../engine/core/index.js';
import { tally } from '../../engine/fixtures/tally.js';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { BoardgameIoSide, playRound } from '../../scripts/bench/compare-round.js';
import { RailpostService } from '../../scripts/bench/railpost-service.js';

const GAMES = [
  { def: tally as AnyGame, options: { target: 20 } },
  { def: ticketToRideEurope as AnyGame, options: {} },
];

describe('the fair comparison harness', () => {
  let railpost: RailpostService;
  beforeAll(async () => {
    railpost = await RailpostService.start(GAMES.map((g) => g.def));
  });

  it.each(GAMES)(
    'boardgame.io replays the $def.id game railpost played, move for move, to the same end',
    async ({ def, options }) => {
      const round = await playRound(
        railpost,
        new BoardgameIoSide(def),
        { id: def.id, players: 2, options },
        1,
        new Rng(seedRng(`harness-${def.id}`)),
      );
      expect(round.games).toBe(1);
      expect(round.railpost.length).toBeGreaterThan(1);
      expect(round.boardgameIo).toHaveLength(round.railpost.length);
      // Both seats are connected, so each move sends two filtered states.
      expect(round.bgioMessages).toBe(2 * round.railpost.length);
      for (const sample of round.railpost) expect(sample.calls).toBeGreaterThan(0);
      // Every move but a game's last was played again on dynalite's recorded answers, each of them asked for.
      const replayed = round.railpost.filter((s) => s.canned !== null);
      expect(replayed).toHaveLength(round.railpost.length - round.games);
      for (const { canned } of replayed) expect(Math.min(canned!.sdkCpuUs, canned!.sdkAloneCpuUs)).toBeGreaterThan(0);
    },
    120_000,
  );

  it("sends every one of railpost's DynamoDB calls through the transport whose time is subtracted", () => {
    const { sdk, store } = railpost.callCounts;
    expect(sdk).toBeGreaterThan(0);
    expect(store).toBe(sdk);
  });

  it('plays on the in-memory stores without a DynamoDB call', async () => {
    const memory = await RailpostService.start([tally as AnyGame], 'memory');
    const played = await memory.play('tally', 2, { target: 10 }, new Rng(seedRng('harness-memory')));
    expect(played.samples.length).toBeGreaterThan(1);
    for (const sample of played.samples) expect(sample).toMatchObject({ calls: 0, canned: null });
  });

  it("refuses a replay that does not end where railpost's game ended", async () => {
    const played = await railpost.play('tally', 2, { target: 10 }, new Rng(seedRng('harness-short')));
    await expect(
      new BoardgameIoSide(tally as AnyGame).replay({ ...played, actions: played.actions.slice(0, -1) }),
    ).rejects.toThrow(/did not end where/);
    await expect(
      new BoardgameIoSide(tally as AnyGame).replay({
        ...played,
        finalView: { ...(played.finalView as object), total: -1 },
      }),
    ).rejects.toThrow(/did not end where/);
  });
});
