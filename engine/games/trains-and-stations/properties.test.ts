/**
 * Property tests on the default (reconstructed) board, 3–5 players, seeds from fast-check:
 * (a) apply accepts every sampled action of legalActions, and any other action it accepts is
 *     equivalent to a listed one (dice compared by kind and face); rejections are RuleErrors citing a rule;
 * (b) apply never mutates its input; (c) replaying the log from the seed gives the same state;
 * (d) dice, coins, VP, goods, special cards and buildings are conserved;
 * (e) a seat's view does not change when other seats' secrets, the deck order or the RNG change,
 *     and no event shown to everybody names a hidden special card;
 * (f) bot games end, with an outcome whose breakdown adds up.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBot, Rng, RuleError, seedRng, type BotFn, type GameEvent } from '../../core/index.js';
import type { TsAction } from './actions.js';
import { BUILDINGS, defaultBoard, GOODS, type Board } from './board.js';
import { dieClass } from './dice.js';
import { defineTrainsAndStations } from './definition.js';
import { fixture } from './rules.testkit.js';
import type { TsState } from './state.js';

/** A board under test, with its game and the ids random actions draw from. */
function subject(name: string, b: Board, runs: number, prepare: (s: TsState) => TsState = (s) => s) {
  const cardIds = b.specials.map((c) => c.id);
  return {
    name,
    runs,
    prepare,
    b,
    game: defineTrainsAndStations(b),
    cities: b.cities.map((c) => c.id),
    spaces: [...b.spaces.keys()],
    routes: b.routes.map((r) => r.id),
    cards: cardIds,
    cardPattern: new RegExp(`"(${cardIds.join('|')})"`),
    totalVP: b.constants.vpTotalByPlayers[5],
  };
}
type Subject = ReturnType<typeof subject>;
// The fixture's short routes reach deliveries, shortages and speculation within a short walk.
/** Starting decks nearly dealt out (the cards moved to the hands, so nothing is invented): upgrades, speculation and shortages come early. */
function lowDecks(s: TsState): TsState {
  const t = structuredClone(s);
  for (const type of BUILDINGS) {
    const space = t.spaces[type];
    for (let i = 0; space.count > 1; i++) {
      space.count -= 1;
      t.players[i % t.players.length]!.goods[space.good] += 1;
    }
  }
  return t;
}
const SUBJECTS = [
  subject('reconstructed board', defaultBoard, 4),
  subject('FIXTURE-1', fixture, 5),
  subject('FIXTURE-1 with low decks', fixture, 4, lowDecks),
];

/** An action as the rules see it: dice by kind and face, sets sorted, zero counts dropped. */
function canon(s: TsState, a: TsAction): string {
  const dice = (ids: readonly number[], placing = false) =>
    ids.map((id) => (placing ? dieClass({ ...s.dice[id]!, face: 'TRAIN' }) : dieClass(s.dice[id]))).sort();
  switch (a.type) {
    case 'roll':
      return JSON.stringify({ ...a, keep: dice(a.keep) });
    case 'reroll':
    case 'take_coins':
    case 'build':
      return JSON.stringify({ ...a, dice: dice(a.dice) });
    case 'end_resolution':
      return JSON.stringify({ ...a, save: dice(a.save) });
    case 'place_train':
      return JSON.stringify({ ...a, die: s.dice[a.die] ? dice([a.die], true) : a.die });
    case 'keep_special_cards':
    case 'reveal_tasks':
      return JSON.stringify({ ...a, cards: [...a.cards].sort() });
    case 'allocate_goods':
      return JSON.stringify({ ...a, buildings: [...a.buildings].sort() });
    case 'speculate':
      return JSON.stringify({
        type: a.type,
        goods: Object.fromEntries(GOODS.flatMap((g) => ((a.goods[g] ?? 0) > 0 ? [[g, a.goods[g]]] : []))),
        specials: [...a.specials].sort(),
      });
    default:
      return JSON.stringify(a);
  }
}

/** A random action of any type with plausible parameters, most of them illegal. */
function randomAction(x: Subject, s: TsState, rng: Rng): TsAction {
  const die = () => rng.int(s.dice.length + 2);
  const dice = (n = rng.int(4)) => Array.from({ length: n }, die);
  const seat = () => rng.int(s.players.length);
  const building = () => rng.pick(BUILDINGS);
  const candidates: TsAction[] = [
    { type: 'keep_special_cards', cards: [rng.pick(x.cards), rng.pick(x.cards)] },
    { type: 'roll', bonus: rng.int(4), keep: dice(rng.int(2)) },
    { type: 'recall' },
    { type: 'reroll', dice: dice() },
    { type: 'stop_rolling' },
    { type: 'place_train', die: die(), space: rng.pick(x.spaces) },
    { type: 'build', building: building(), dice: dice(3), city: rng.pick(x.cities) },
    { type: 'take_coins', dice: dice() },
    { type: 'end_resolution', save: dice(rng.int(3)) },
    { type: 'order_deliveries', routes: [rng.pick(x.routes), rng.pick(x.routes)] },
    { type: 'break_tie', route: rng.pick(x.routes), winner: seat() },
    { type: 'allocate_goods', route: rng.pick(x.routes), space: building(), buildings: [rng.int(20), rng.int(20)] },
    { type: 'reveal_tasks', cards: rng.int(2) === 0 ? [] : [rng.pick(x.cards)] },
    { type: 'choose_upgrade', space: building(), good: rng.pick(GOODS) },
    { type: 'choose_upgrade', space: building() },
    {
      type: 'speculate',
      goods: { [rng.pick(GOODS)]: rng.int(4) },
      specials: rng.int(3) === 0 ? [rng.pick(x.cards)] : [],
    },
    { type: 'speculate_pass' },
    { type: 'allocate_speculation', shares: s.players.map(() => rng.int(5)) },
  ];
  return rng.pick(candidates);
}

/** Conservation laws; returns the broken ones (cheaper than one assertion each). */
function conservation({ b, cards: cardIds, totalVP }: Subject, s: TsState): string[] {
  const bad: string[] = [];
  const check = (ok: boolean, what: string) => ok || bad.push(what);
  const n = s.players.length;
  check(s.dice.length === n * b.constants.dicePerColour + b.constants.bonusDice, 'dice count');
  const spaces = s.dice.filter((d) => d.zone === 'track').map((d) => d.space);
  check(new Set(spaces).size === spaces.length, 'one die per space');
  check(
    s.dice.every((d) =>
      (d.owner === null ? ['supply', 'held', 'play', 'track'] : ['pool', 'saved', 'play', 'track']).includes(d.zone),
    ),
    'dice zones',
  );
  check(s.players.reduce((a, p) => a + p.coins, 0) + s.bank === 25, 'coins');
  check(
    s.players.every((p) => p.coins >= 0 && p.coins <= b.constants.coinCap && p.vp >= 0),
    'coin cap, VP ≥ 0',
  );
  check(s.players.reduce((a, p) => a + p.vp, 0) + s.supply + s.reserve - s.minted === totalVP, 'VP');
  for (const g of GOODS) {
    const onSpace = BUILDINGS.filter((t) => s.spaces[t].good === g).reduce((a, t) => a + s.spaces[t].count, 0);
    const unused = s.used.includes(g) ? 0 : b.deckSize[g];
    check(
      s.players.reduce((a, p) => a + p.goods[g], 0) + onSpace + unused + s.boxedGoods[g] === b.deckSize[g],
      `goods ${g}`,
    );
  }
  const cards = [
    ...s.players.flatMap((p) => [...p.specials, ...p.tasks, ...p.dealt]),
    ...s.specialDeck,
    ...s.boxedSpecials,
  ];
  check(JSON.stringify([...cards].sort()) === JSON.stringify([...cardIds].sort()), 'special cards');
  s.players.forEach((p, seat) => {
    for (const t of BUILDINGS)
      check(
        p.buildings[t] + s.buildings.filter((x) => x.owner === seat && x.type === t).length ===
          b.constants.buildingsPerColour[t],
        `buildings ${seat} ${t}`,
      );
  });
  return bad;
}

/** The same position with every secret of the seats other than `seat` changed, the deck reordered and the RNG moved. */
function scramble(s: TsState, seat: number): TsState {
  const t = structuredClone(s);
  t.rng = [1, 2, 3, 4];
  t.specialDeck = [...t.specialDeck].reverse();
  t.players.forEach((p, other) => {
    if (other === seat) return;
    p.goods.gold += 3;
    p.specials = [...p.specials, 'S01'];
    p.dealt = [...p.dealt].reverse();
  });
  if (t.pending.kind === 'keep')
    t.pending.kept = t.pending.kept.map((k, o) => (o === seat || k === null ? k : ['x', 'y']));
  if (t.pending.kind === 'tasks')
    t.pending.answers = t.pending.answers.map((k, o) => (o === seat || k === null ? k : k.length === 0 ? ['S01'] : []));
  if (t.pending.kind === 'speculate')
    t.pending.offers = t.pending.offers.map((k, o) =>
      o === seat || k === null ? k : k === 'pass' ? { goods: { cattle: 2 }, specials: [] } : 'pass',
    );
  return t;
}

/** Events shown to everybody that name a special card although the card stays hidden (TS-17.2/17.4). */
const PUBLIC_CARDS = new Set(['task_revealed', 'speculation_revealed']);
function leakingEvents(x: Subject, events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => {
    const shown = e.visibleTo ? (e.redacted ?? null) : e;
    return shown && !PUBLIC_CARDS.has(shown.type) && x.cardPattern.test(JSON.stringify(shown)) ? [e.type] : [];
  });
}

const SAMPLE = 4;
/** Decision points reached by the random walks, printed so a reader can see what the walks covered. */
const visited: Record<string, Record<string, number>> = {};
afterAll(() => console.info(`[trains-and-stations properties] decisions visited: ${JSON.stringify(visited)}`));
const STEPS = 150;

describe.each(SUBJECTS)('properties on $name', (x) => {
  const { game } = x;
  it('TS-0.1, TS-17: random play — legality, purity, conservation, replay and views', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (players, seed, manualTasks) => {
          const options = game.options.parse({ manualTasks });
          let s = x.prepare(game.setup({ seed, players, options }));
          const rng = new Rng(seedRng(`walk/${seed}`));
          const log: { seat: number; action: TsAction }[] = [];
          for (let step = 0; step < STEPS && game.toAct(s).length > 0; step++) {
            expect(conservation(x, s)).toEqual([]);
            const seen = (visited[x.name] ??= {});
            seen[s.pending.kind] = (seen[s.pending.kind] ?? 0) + 1;
            const seat = rng.pick(game.toAct(s));
            const legal = game.legalActions(s, seat);
            expect(legal.length).toBeGreaterThan(0);
            const keys = new Set(legal.map((a) => canon(s, a)));
            const frozen = JSON.stringify(s);
            for (let i = 0; i < SAMPLE; i++) expect(() => game.apply(s, seat, rng.pick(legal))).not.toThrow();
            for (let i = 0; i < SAMPLE; i++) {
              const a = randomAction(x, s, rng);
              try {
                game.apply(s, seat, a);
                expect(keys.has(canon(s, a))).toBe(true);
              } catch (e) {
                expect(e).toBeInstanceOf(RuleError);
                expect((e as RuleError).rule).toMatch(/^(TS|AMB)-\d/);
              }
            }
            for (const other of [0, 1, 2, 3, 4].slice(0, players)) {
              if (!game.toAct(s).includes(other)) {
                expect(game.legalActions(s, other)).toEqual([]);
                expect(() => game.apply(s, other, legal[0]!)).toThrow(RuleError);
              }
              expect(JSON.stringify(game.view(scramble(s, other), other))).toBe(JSON.stringify(game.view(s, other)));
            }
            expect(JSON.stringify(game.view(scramble(s, -1), 'spectator'))).toBe(
              JSON.stringify(game.view(s, 'spectator')),
            );
            expect(JSON.stringify(s)).toBe(frozen);
            // Half greedy, half random: random alone recalls so often that routes rarely complete.
            const bot: BotFn = rng.int(2) === 0 ? game.bot : randomBot;
            const action = bot({ seat, view: game.view(s, seat), legal, rng }) as TsAction;
            const applied = game.apply(s, seat, action);
            expect(leakingEvents(x, applied.events)).toEqual([]);
            s = applied.state;
            log.push({ seat, action });
          }
          const replayed = log.reduce(
            (x, { seat, action }) => game.apply(x, seat, action).state,
            x.prepare(game.setup({ seed, players, options })),
          );
          expect(replayed).toEqual(s);
        },
      ),
      { numRuns: x.runs },
    );
  });

  it('TS-10.4, TS-11: bot games (greedy, and greedy with a random seat) end with a consistent outcome', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (players, seed, mixed) => {
          let s = x.prepare(game.setup({ seed, players, options: game.options.parse({}) }));
          const rng = new Rng(seedRng(`bots/${seed}`));
          let actions = 0;
          for (; game.toAct(s).length > 0 && actions < 8000; actions++) {
            const seat = game.toAct(s)[0]!;
            const bot: BotFn = mixed && seat === 0 ? randomBot : game.bot;
            s = game.apply(
              s,
              seat,
              bot({ seat, view: game.view(s, seat), legal: game.legalActions(s, seat), rng }) as TsAction,
            ).state;
          }
          expect(conservation(x, s)).toEqual([]);
          const out = game.outcome(s);
          expect(out).not.toBeNull();
          out!.breakdown.forEach((lines, seat) =>
            expect(lines.reduce((a, l) => a + l.points, 0)).toBe(out!.scores[seat]),
          );
          expect(out!.ranking.some((r) => r === 1)).toBe(true);
          expect(s.turn % players).toBe(0);
          expect(game.view(s, 'all').hands).toHaveLength(players);
        },
      ),
      { numRuns: x.runs },
    );
  });
});
