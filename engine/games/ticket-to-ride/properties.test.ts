/**
 * Property tests for the Ticket to Ride state machine, both maps, 2–5 players, random seeds:
 * random legal play (mixed with the bot) and bot-only games.
 *
 * (a) apply accepts exactly what legalActions offers (compared canonically), and rejects
 *     everything else with a RuleError whose rule is a TTRE-/TTRG- ID;
 * (b) apply never mutates its input;
 * (c) the same seed and actions give the same states;
 * (d) train cards, tickets (and Germany's passengers) are conserved;
 * (e) views never show another seat's hand or tickets or the deck order; spectators get no `you`;
 * (f) bot-only games end within a bound with an outcome whose breakdown adds up;
 * (g) legalActions stays small enough to enumerate.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBot, Rng, seedRng } from '../../core/index.js';
import type { TtrState } from './state.js';
import { editions, stats, checkCards, checkTickets, checkViews } from './properties.testkit.js';
import { checkApplyMatchesLegal, play, playFrom, starve, replay, botGame } from './properties.play.testkit.js';

afterAll(() => {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const lines = (['europe', 'germany'] as const).map((e) => {
    const games = stats.botGames[e];
    const byN = [2, 3, 4, 5]
      .map(
        (n) =>
          `N=${n}: ${games
            .filter((g) => g.players === n)
            .map((g) => g.actions)
            .join('/')}`,
      )
      .join(', ');
    const deadlocks = games.filter((g) => g.end === 'deadlock').length;
    return `${e}: ${games.length} bot games, median ${median(games.map((g) => g.actions))} actions (max ${Math.max(...games.map((g) => g.actions))}; ${byN}; deadlock ends ${deadlocks}); max legalActions ${stats.maxLegal[e]}`;
  });
  console.info(
    [
      `[ttr properties] ${stats.randomStates} random-play states (${Object.entries(stats.kinds)
        .map(([k, n]) => `${k} ${n}`)
        .join(
          ', ',
        )}), ${stats.checkedActions} legal actions applied, mutated actions accepted/rejected ${stats.mutated.accepted}/${stats.mutated.rejected}`,
      ...lines,
    ].join('\n'),
  );
});

const runs = { numRuns: 3 };

for (const e of editions) {
  describe(`Ticket to Ride ${e.name}: properties`, () => {
    it('(a)(b)(d)(e) random legal play: apply ⟺ legalActions, no mutation, conservation, private views', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 2 ** 30 }),
          fc.integer({ min: 2, max: 5 }),
          fc.integer({ min: 60, max: 200 }),
          (n, players, steps) => {
            const seed = `${e.name}-prop-${n}`;
            const rng = new Rng(seedRng(`${seed}/mutants`));
            let sampled = 0;
            const visit = (s: TtrState, i: number) => {
              stats.randomStates++;
              const kind =
                s.phase === 'turn'
                  ? (s.pending?.kind ?? (s.deck.length + s.discard.length === 0 ? 'no cards left' : 'turn'))
                  : s.phase;
              stats.kinds[kind] = (stats.kinds[kind] ?? 0) + 1;
              checkCards(e, s);
              checkTickets(e, s);
              if (i % 7 === 0) checkViews(e, s);
              // Ticket, tunnel and passenger decisions, every other opening step and every 8th other state get the full check.
              const decision = s.pending !== null && s.pending.kind !== 'secondDraw';
              if (s.phase !== 'over' && (decision || (s.phase === 'opening' && i % 2 === 0) || i % 8 === 0)) {
                checkApplyMatchesLegal(e, s, rng, sampled++ % 10 === 0);
              }
            };
            const { states } = play(e, seed, players, steps, 0.35, visit);
            // Play on from a scarce-cards variant of a late state. Not one waiting for a second card:
            // the rules offer it only while a card can be taken (TTRE-5.10), and starving the deck and
            // market under it would make a state no game can reach.
            const late = states
              .filter((s) => s.phase === 'turn' && s.pending?.kind !== 'tickets' && s.pending?.kind !== 'secondDraw')
              .at(-1);
            if (late) playFrom(e, starve(late, rng, n % 2 === 0), rng, 30, 0.2, (s, i) => visit(s, i * 2));
          },
        ),
        runs,
      );
    });

    it('(c) determinism: the same seed and actions give identical states', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 2, max: 5 }), (n, players) => {
          const seed = `${e.name}-det-${n}`;
          const { states, moves } = play(e, seed, players, 150, 0.5);
          expect(replay(e, seed, players, moves)).toEqual(states.at(-1));
          const again = play(e, seed, players, 150, 0.5);
          expect(again.moves).toEqual(moves);
          expect(again.states.at(-1)).toEqual(states.at(-1));
          // A different seed deals differently.
          expect(e.game.setup({ seed: `${seed}+`, players, options: { firstPlayer: 0 } }).deck).not.toEqual(
            e.game.setup({ seed, players, options: { firstPlayer: 0 } }).deck,
          );
        }),
        { numRuns: 2 },
      );
    });

    it('(f)(g) bot-only games end within 1500 actions with an outcome whose breakdown adds up', () => {
      for (const players of [2, 3, 4, 5]) {
        for (const k of players <= 3 ? [0, 1] : [0]) {
          const seed = `${e.name}-bots-${players}-${k}`;
          const game = botGame(e, seed, players, () => e.game.bot);
          stats.botGames[e.name].push({ players, actions: game.actions, end: game.end });
        }
      }
    });

    it('(f) games with uniformly random bots, alone or against the greedy bot, end as well', () => {
      botGame(e, `${e.name}-random-3`, 3, () => randomBot);
      botGame(e, `${e.name}-mixed-4`, 4, (seat) => (seat % 2 === 0 ? e.game.bot : randomBot));
    });
  });
}
