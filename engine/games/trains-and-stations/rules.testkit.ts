/** Helpers for the rule tests: FIXTURE-1 (spec BD-8), hand-built positions and rigged dice. */
import { Rng, type RngState } from '../../core/index.js';
import type { TsAction } from './actions.js';
import { BoardDataSchema, FACES, loadBoard, type BuildingType, type Face } from './board.js';
import boardData from './data/board.json' with { type: 'json' };
import { defineTrainsAndStations } from './definition.js';
import { createRules } from './rules.js';
import type { TsState } from './state.js';
import { expectRuleError } from '../../core/rule-errors.testkit.js';

const base = BoardDataSchema.parse(boardData.reconstructed_design);
const city = (id: string, name: string, sites: 2 | 3, kind: 'VP' | 'SPECIAL_CARD' | 'BONUS_DIE') => ({
  id,
  name,
  sites,
  bonus: { kind, amount: 1 },
  xy: [0, 0] as [number, number],
});
const space = (id: string, neighbours: string[], adjacentCities: string[] = []) => ({ id, neighbours, adjacentCities });
const fillers = Array.from({ length: 15 }, (_, i) => ({
  id: `G${i + 1}`,
  kind: 'GOODS' as const,
  goods: ['workers', 'coal'] as ('workers' | 'coal')[],
}));

/** FIXTURE-1 (BD-8): five cities, the branching R1 and three lines; 20 special cards with the tested ones first. */
export const fixture = loadBoard({
  ...base,
  cities: [
    city('SEA', 'Seattle', 3, 'VP'),
    city('LAX', 'Los Angeles', 3, 'SPECIAL_CARD'),
    city('BIL', 'Billings', 2, 'BONUS_DIE'),
    city('DET', 'Detroit', 3, 'VP'),
    city('SAT', 'San Antonio', 2, 'BONUS_DIE'),
  ],
  routes: [
    { id: 'R1', name: 'R1', spaces: ['t1', 't2', 't3', 't4'] },
    { id: 'R2', name: 'R2', spaces: ['u1', 'u2', 'u3'] },
    { id: 'R3', name: 'R3', spaces: ['v1', 'v2'] },
    { id: 'R4', name: 'R4', spaces: ['w1', 'w2', 'w3', 'w4'] },
  ],
  track_spaces: [
    space('t1', ['t2'], ['SEA']),
    space('t2', ['t1', 't3', 't4']),
    space('t3', ['t2'], ['LAX']),
    space('t4', ['t2'], ['BIL']),
    space('u1', ['u2'], ['BIL']),
    space('u2', ['u1', 'u3']),
    space('u3', ['u2'], ['DET']),
    space('v1', ['v2'], ['DET']),
    space('v2', ['v1'], ['SAT']),
    space('w1', ['w2'], ['LAX']),
    space('w2', ['w1', 'w3']),
    space('w3', ['w2', 'w4']),
    space('w4', ['w3'], ['SAT']),
  ],
  special_cards: [
    { id: 'SD1', kind: 'TASK', cities: ['SEA', 'DET'], vp: 5 },
    { id: 'SD2', kind: 'TASK', cities: ['SEA', 'DET'], vp: 5 },
    { id: 'BD', kind: 'TASK', cities: ['BIL', 'DET'], vp: 3 },
    { id: 'CG', kind: 'GOODS', goods: ['cattle', 'gold'] },
    { id: 'SC', kind: 'GOODS', goods: ['silver', 'cattle'] },
    ...fillers,
  ],
});

export const rules = createRules(fixture);
export const game = defineTrainsAndStations(fixture);
export const legal = (s: TsState, seat: number) => rules.legalActions(s, seat);
export const [A, B, C, D] = [0, 1, 2, 3] as const;

export const act = (s: TsState, seat: number, a: TsAction) => rules.apply(s, seat, a).state;

/** Runs `fn`, which must throw a RuleError citing `rule`. */
export const rejects = (fn: () => unknown, rule: string) => expectRuleError(fn, { rule });

/** A game after DP-1 (everyone keeps their first two cards): A (seat 0) is the conductor at DP-2. */
export function started(players = 4, seed = 'fixture', manualTasks = false): TsState {
  let s = rules.setup(seed, players, { conductor: 0, manualTasks });
  for (let seat = 0; seat < players; seat++)
    s = act(s, seat, { type: 'keep_special_cards', cards: s.players[seat]!.dealt.slice(0, 2) });
  return s;
}

/** Own dice of a seat still in its pool, or white dice in the common supply (seat null). */
export const free = (s: TsState, seat: number | null) =>
  s.dice.flatMap((d, id) =>
    d.owner === seat && (seat === null ? d.zone === 'supply' : d.zone === 'pool') ? [id] : [],
  );

/** Moves a free die of `seat` (null: white) onto a track space; returns its id. */
export function onTrack(s: TsState, seat: number | null, space: string): number {
  const id = free(s, seat)[0]!;
  Object.assign(s.dice[id]!, { zone: 'track', space, face: null, holder: null });
  return id;
}

/** Puts free dice in play for the active player with these faces; 'W:FACE' is a white die. Returns their ids. */
export function inPlay(s: TsState, faces: readonly (Face | `W:${Face}`)[]): number[] {
  return faces.map((f) => {
    const white = f.startsWith('W:');
    const id = free(s, white ? null : s.active)[0]!;
    Object.assign(s.dice[id]!, { zone: 'play', face: white ? f.slice(2) : f, holder: white ? s.active : null });
    return id;
  });
}

/** Gives white dice from the common supply to a seat as held bonus dice. */
export function hold(s: TsState, seat: number, n: number): number[] {
  const ids = free(s, null).slice(0, n);
  for (const id of ids) Object.assign(s.dice[id]!, { zone: 'held', holder: seat });
  return ids;
}

export function build(s: TsState, owner: number, type: BuildingType, cityId: string): number {
  s.players[owner]!.buildings[type] -= 1;
  s.buildings.push({ id: s.buildings.length, owner, type, city: cityId });
  return s.buildings.length - 1;
}

/** Step 3 of the active player with nothing left in play, ready for end_resolution. */
export function resolving(s: TsState): TsState {
  s.pending = { kind: 'resolve' };
  return s;
}

/** An RNG state whose next rolls show exactly these faces (TS-0.4 makes rolls come only from the state's RNG). */
export function rigged(faces: readonly Face[]): RngState {
  const search = new Rng([1, 2, 3, 4]);
  for (;;) {
    const state: RngState = [search.next(), search.next(), search.next(), search.next()];
    const rng = new Rng(state);
    if (faces.every((f) => FACES[rng.int(6)] === f)) return state;
  }
}

/** The seat's total VP and the supply, to compare before and after. */
export const vpOf = (s: TsState) => s.players.map((p) => p.vp);
