/**
 * Secret extractors and the scanner for the cross-game secret-leak scan (hardening issue, item 4:
 * HARD-4). For every catalog game:
 *
 * - `known(state, seat)`: what the seat may legitimately know now (its own hand and draws, public
 *   zones). The scan accumulates it over the game, because a seat keeps knowing what it once held
 *   (TTRE-H8 returned tickets, VNT discards) or once saw face up.
 * - `secretsOf(state, seat, known)`: the concrete values the seat must NOT see: other seats' card
 *   ids and tickets, secret choices, the hidden deck order (as ordered runs). Unique values are
 *   scanned for as tokens; the seed and the RNG state are added by `commonSecrets`.
 * - `perturb(state, seat, rng)`: a state that differs only in what the seat cannot know (other
 *   hands reshuffled with the deck, other tickets/cards relabelled, decks reordered, a new RNG
 *   state). Values that are not unique (Ticket to Ride colours, Streetcar tile types, line
 *   numbers, goods counts) cannot be found as substrings, so for them the scan is differential:
 *   the seat's view, what it sees of events, and its error messages must not change.
 */
import { Rng, type AnyGame, type RngState, type Seat } from '../../engine/core/index.js';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { ticketToRideGermany } from '../../engine/games/ticket-to-ride-germany/index.js';
import type { Hand } from '../../engine/games/ticket-to-ride/cards.js';
import type { TtrMap } from '../../engine/games/ticket-to-ride/map.js';
import type { TtrState } from '../../engine/games/ticket-to-ride/state.js';
import { streetcar } from '../../engine/games/streetcar/index.js';
import { LINES, ROUTE_CARDS } from '../../engine/games/streetcar/data.js';
import type { StreetcarState } from '../../engine/games/streetcar/state.js';
import { trainsAndStations } from '../../engine/games/trains-and-stations/index.js';
import type { TsState } from '../../engine/games/trains-and-stations/state.js';
import { vlakyNaTratiGame } from '../../engine/games/vlaky-na-trati/index.js';
import type { VntState } from '../../engine/games/vlaky-na-trati/state.js';

export type Token = string | number;

/**
 * One value a seat must not see.
 * - `text`: a unique string (a card id): a whole token of any string or object key.
 * - `id`: a number that is an id only in context (a ticket): an element of an array under one of
 *   `arrayKeys`, or a number directly under one of `scalarKeys` (`{ id: 12, a: 'Berlin', ... }`).
 * - `number`: a number that cannot occur by chance (an RNG word): any number, or digits in a string.
 * - `substring`: anywhere in the serialized JSON (the seed).
 * - `run`: a hidden order: any 3 consecutive values of `values`, in order, as consecutive items of
 *   an array (or consecutive tokens of a string). For numbers only arrays under `arrayKeys` count.
 */
export type Secret =
  | { kind: 'text'; what: string; value: string }
  | { kind: 'id'; what: string; value: number; arrayKeys: ReadonlySet<string>; scalarKeys: ReadonlySet<string> }
  | { kind: 'number'; what: string; value: number }
  | { kind: 'substring'; what: string; value: string }
  | { kind: 'run'; what: string; values: readonly Token[]; arrayKeys?: ReadonlySet<string> };

export interface Hit {
  what: string;
  path: string;
  found: string;
}

export const RUN = 3;

const TOKEN = /[A-Za-z0-9_]+/g;

/** Every place in `value` where one of `secrets` shows. */
export function scan(value: unknown, secrets: readonly Secret[]): Hit[] {
  return scanner(secrets)(value);
}

/** A scan for `secrets`, indexed once for the many values one seat sees at one state. */
export function scanner(secrets: readonly Secret[]): (value: unknown) => Hit[] {
  const texts = new Map<string, Secret[]>();
  const numbers = new Map<number, Secret[]>();
  const runStarts = new Map<Token, { secret: Extract<Secret, { kind: 'run' }>; at: number }[]>();
  const substrings = secrets.filter((s): s is Extract<Secret, { kind: 'substring' }> => s.kind === 'substring');
  const add = <K, V>(m: Map<K, V[]>, k: K, v: V) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
  let bigNumbers = false;
  for (const s of secrets) {
    if (s.kind === 'text') add(texts, s.value, s);
    else if (s.kind === 'id' || s.kind === 'number') {
      add(numbers, s.value, s);
      if (s.kind === 'number') bigNumbers = true;
    } else if (s.kind === 'run') for (let i = 0; i + RUN <= s.values.length; i++) add(runStarts, s.values[i]!, { secret: s, at: i });
  }
  const stringRuns = [...runStarts.keys()].some((k) => typeof k === 'string');
  return (value) => {
    const hits: Hit[] = [];
    const stack: string[] = [];
    const here = (suffix = '') => stack.join('') + suffix;
    const checkRun = (items: readonly unknown[], path: () => string, key: string | null) => {
      for (let i = 0; i + RUN <= items.length; i++) {
        const starts = runStarts.get(items[i] as Token);
        if (!starts) continue;
        for (const { secret, at } of starts) {
          if (typeof items[i] === 'number' && !(key !== null && secret.arrayKeys?.has(key))) continue;
          let n = 1;
          while (n < RUN && secret.values[at + n] === items[i + n]) n++;
          if (n === RUN) hits.push({ what: secret.what, path: `${path()}[${i}..${i + RUN - 1}]`, found: JSON.stringify(items.slice(i, i + RUN)) });
        }
      }
    };
    const checkString = (str: string, path: () => string) => {
      if (WHOLE_TOKEN.test(str)) {
        // The common case: an id, a name, a colour.
        for (const s of texts.get(str) ?? []) hits.push({ what: s.what, path: path(), found: JSON.stringify(str) });
        if (bigNumbers && /^\d{6,}$/.test(str)) for (const s of numbers.get(Number(str)) ?? []) if (s.kind === 'number') hits.push({ what: s.what, path: path(), found: JSON.stringify(str) });
        return;
      }
      const tokens = str.match(TOKEN) ?? [];
      for (const t of tokens) {
        for (const s of texts.get(t) ?? []) hits.push({ what: s.what, path: path(), found: JSON.stringify(str) });
        if (bigNumbers && /^\d{6,}$/.test(t)) for (const s of numbers.get(Number(t)) ?? []) if (s.kind === 'number') hits.push({ what: s.what, path: path(), found: JSON.stringify(str) });
      }
      if (stringRuns && tokens.length >= RUN) checkRun(tokens, path, null);
    };
    const walk = (v: unknown, key: string | null, inArray: boolean): void => {
      if (typeof v === 'number') {
        const found = numbers.get(v);
        if (found)
          for (const s of found) {
            const ok = s.kind === 'number' || (s.kind === 'id' && key !== null && (inArray ? s.arrayKeys.has(key) : s.scalarKeys.has(key)));
            if (ok) hits.push({ what: s.what, path: here(), found: String(v) });
          }
      } else if (typeof v === 'string') {
        checkString(v, here);
      } else if (Array.isArray(v)) {
        if (runStarts.size && v.length >= RUN) checkRun(v, here, key);
        for (let i = 0; i < v.length; i++) {
          stack.push(`[${i}]`);
          walk(v[i], key, true);
          stack.pop();
        }
      } else if (v && typeof v === 'object') {
        for (const k in v) {
          stack.push(`.${k}`);
          checkString(k, () => here(' (key)'));
          walk((v as Record<string, unknown>)[k], k, false);
          stack.pop();
        }
      }
    };
    walk(value, null, false);
    if (substrings.length) {
      const json = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      for (const s of substrings) if (json.includes(s.value)) hits.push({ what: s.what, path: '(anywhere)', found: s.value });
    }
    return hits;
  };
}

const WHOLE_TOKEN = /^[A-Za-z0-9_]+$/;

/** The seed (whole, and its first 16 characters) and the RNG words: hidden from every seat (TS-17.6, TTRE-H3). */
export function commonSecrets(seed: string, ...rngs: (RngState | undefined)[]): Secret[] {
  const out: Secret[] = [
    { kind: 'substring', what: 'the seed', value: seed },
    { kind: 'substring', what: 'the seed (prefix)', value: seed.slice(0, 16) },
  ];
  for (const rng of rngs) if (rng) for (const w of rng) if (w >= 1_000_000) out.push({ kind: 'number', what: 'an RNG word', value: w });
  return out;
}

/** The values of a list of secrets (for intersecting the secrets before and after an event). */
export function secretKey(s: Secret): string {
  return s.kind === 'run' ? `run:${s.what}:${JSON.stringify(s.values)}` : `${s.kind}:${String(s.value)}`;
}

export interface OptionSet {
  name: string;
  /** The options for a seat count (some options name seats). */
  options(players: number): Record<string, unknown>;
}

export interface LeakSpec<S = any> {
  game: AnyGame;
  /** Rule ids of the hidden-information rules the extractor follows. */
  rules: string[];
  /** Option sets that change what is secret; games cycle through them. */
  optionSets: OptionSet[];
  /** How the random games pick actions: the game's bot (from the seat's view) this often, else uniformly. */
  botShare: number;
  rng(state: S): RngState;
  known(state: S, seat: Seat): Token[];
  secretsOf(state: S, seat: Seat, known?: ReadonlySet<Token>): Secret[];
  /** A state that differs from `state` only in what `seat` cannot know (see the top of this file). */
  perturb(state: S, seat: Seat, rng: Rng): S;
}

// ---------------------------------------------------------------------------------------------------
// helpers

function randomRng(rng: Rng): RngState {
  return [rng.next(), rng.next(), rng.next(), rng.next() | 1];
}

function others(players: number, seat: Seat): Seat[] {
  return Array.from({ length: players }, (_, s) => s).filter((s) => s !== seat);
}

/** A random relabelling of `movable` (within each class), the identity elsewhere. */
function relabel<T>(movable: readonly T[], classOf: (x: T) => string, rng: Rng): (x: T) => T {
  const byClass = new Map<string, T[]>();
  for (const x of new Set(movable)) (byClass.get(classOf(x)) ?? byClass.set(classOf(x), []).get(classOf(x))!).push(x);
  const map = new Map<T, T>();
  for (const items of byClass.values()) {
    const shuffled = rng.shuffle(items);
    items.forEach((x, i) => map.set(x, shuffled[i]!));
  }
  return (x) => map.get(x) ?? x;
}

/** Deals `pool` (shuffled) back into piles of the given sizes. */
function redeal<T>(pool: readonly T[], sizes: readonly number[], rng: Rng): T[][] {
  const shuffled = rng.shuffle(pool);
  let at = 0;
  return sizes.map((n) => shuffled.slice(at, (at += n)));
}

/** A hidden order as runs: split where the seat knows a card (its own returned tickets lie at the bottom in the order it saw, TTRE-H8). */
export function runs(what: string, deck: readonly Token[], known: ReadonlySet<Token>): Extract<Secret, { kind: 'run' }>[] {
  const out: Extract<Secret, { kind: 'run' }>[] = [];
  let segment: Token[] = [];
  for (const card of [...deck, null]) {
    if (card !== null && !known.has(card)) segment.push(card);
    else {
      if (segment.length >= RUN) out.push({ kind: 'run', what, values: segment });
      segment = [];
    }
  }
  return out;
}

const texts = (what: string, values: Iterable<string>, known: ReadonlySet<Token>): Secret[] =>
  [...new Set(values)].filter((v) => !known.has(v)).map((value) => ({ kind: 'text' as const, what, value }));

// ---------------------------------------------------------------------------------------------------
// Ticket to Ride (Europe TTRE-H, Germany TTRG-H)

/** Where ticket ids show: arrays of ids in events and views, or `id` of a ticket object. */
const TICKET_ARRAY_KEYS: ReadonlySet<string> = new Set(['tickets', 'kept', 'drawn', 'dealt', 'returned', 'choosing', 'setAside', 'short', 'long', 'deck', 'ticketDecks', 'ticketIds', 'offered']);
const TICKET_SCALAR_KEYS: ReadonlySet<string> = new Set(['id', 'ticket', 'ticketId']);

function ttrSpec(game: AnyGame): LeakSpec<TtrState> {
  const map = game.components as TtrMap;
  const long = new Map(map.tickets.map((t) => [t.id, t.long]));
  const own = (s: TtrState, seat: Seat): number[] => [
    ...s.tickets[seat]!,
    ...s.opening[seat]!.dealt,
    ...(s.opening[seat]!.kept ?? []),
    ...(s.pending?.kind === 'tickets' && s.current === seat ? s.pending.drawn : []),
  ];
  const allTickets = (s: TtrState): number[] => [
    ...s.tickets.flat(),
    ...s.opening.flatMap((o) => [...o.dealt, ...(o.kept ?? [])]),
    ...s.ticketDecks.short,
    ...s.ticketDecks.long,
    ...s.setAside.short,
    ...s.setAside.long,
    ...(s.pending?.kind === 'tickets' ? s.pending.drawn : []),
  ];
  const germany = map.id === 'germany';
  return {
    game,
    rules: germany ? ['TTRG-3.6', 'TTRG-H2', 'TTRG-H3', 'TTRG-H5', 'TTRG-H8'] : ['TTRE-3.5', 'TTRE-H2', 'TTRE-H3', 'TTRE-H7', 'TTRE-H8', 'TTRE-H12'],
    optionSets: [
      { name: 'random first player', options: () => ({}) },
      { name: 'first player seat 1', options: () => ({ firstPlayer: 1 }) },
    ],
    botShare: 0.5,
    rng: (s) => s.rng,
    known: (s, seat) => own(s, seat),
    secretsOf(s, seat, known = new Set()) {
      const mine = new Set<Token>([...known, ...own(s, seat)]);
      // Every ticket the seat has not held or been offered: others' tickets and opening deals,
      // others' pending draws, both decks and the Germany set-aside (TTRE-H7/H8, TTRG-H5).
      const hidden = [...new Set(allTickets(s))].filter((id) => !mine.has(id));
      const out: Secret[] = hidden.map((value) => ({ kind: 'id', what: `ticket ${value} (not ${seat}'s)`, value, arrayKeys: TICKET_ARRAY_KEYS, scalarKeys: TICKET_SCALAR_KEYS }));
      for (const [name, deck] of [['short', s.ticketDecks.short], ['long', s.ticketDecks.long]] as const)
        for (const r of runs(`${name} ticket deck order`, deck, mine)) out.push({ ...r, arrayKeys: TICKET_ARRAY_KEYS });
      // Train cards are colours, not unique: the deck order and other hands are checked by perturb().
      return out;
    },
    perturb(s, seat, rng) {
      const t = structuredClone(s);
      t.rng = randomRng(rng);
      // Other hands and the deck: one hidden pool of colours, dealt back in the same sizes (TTRE-H2, H3).
      const rest = others(s.players, seat);
      const expand = (h: Hand) => Object.entries(h).flatMap(([c, n]) => Array<string>(n).fill(c));
      const pool = [...t.deck, ...rest.flatMap((o) => expand(t.hands[o]!))];
      const piles = redeal(pool, [t.deck.length, ...rest.map((o) => expand(t.hands[o]!).length)], rng);
      t.deck = piles[0] as TtrState['deck'];
      rest.forEach((o, i) => {
        const hand = Object.fromEntries(Object.keys(t.hands[o]!).map((c) => [c, 0])) as Hand;
        for (const c of piles[i + 1]!) (hand as Record<string, number>)[c] = ((hand as Record<string, number>)[c] ?? 0) + 1;
        t.hands[o] = hand;
      });
      // Tickets: relabel every ticket the seat does not hold now, keeping LONG/SHORT (public in Germany, TTRG-H5).
      const mine = new Set(own(s, seat));
      const pi = relabel(allTickets(s).filter((id) => !mine.has(id)), (id) => String(long.get(id)), rng);
      t.tickets = t.tickets.map((ts) => ts.map(pi));
      t.opening = t.opening.map((o) => ({ ...o, dealt: o.dealt.map(pi), kept: o.kept && o.kept.map(pi) }));
      t.ticketDecks = { short: rng.shuffle(t.ticketDecks.short.map(pi)), long: rng.shuffle(t.ticketDecks.long.map(pi)) };
      t.setAside = { short: t.setAside.short.map(pi), long: t.setAside.long.map(pi) };
      if (t.pending?.kind === 'tickets') t.pending = { ...t.pending, drawn: t.pending.drawn.map(pi) };
      // Europe: during the opening even how many tickets another seat kept is secret (TTRE-H12).
      if (!germany && t.phase === 'opening')
        for (const o of rest) {
          const op = t.opening[o]!;
          if (op.kept === null) continue;
          const n = 2 + rng.int(op.dealt.length - 1);
          const keep = new Set(rng.shuffle(op.dealt).slice(0, n));
          op.kept = op.dealt.filter((id) => keep.has(id));
        }
      return t;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Streetcar (SC-15)

function streetcarSpec(): LeakSpec<StreetcarState> {
  const frameOf = (s: StreetcarState) => (s.players.length <= 3 ? 'blue' : 'red');
  const routesOf = (s: StreetcarState) => ROUTE_CARDS.filter((c) => c.frame === frameOf(s)).map((c) => c.id);
  const routeKnown = (s: StreetcarState, seat: Seat, o: Seat) => o === seat || s.players[o]!.revealed;
  const lineKnown = (s: StreetcarState, seat: Seat, o: Seat) => o === seat || s.players[o]!.revealed || s.players[o]!.announced;
  return {
    game: streetcar as AnyGame,
    rules: ['SC-15.1', 'SC-15.2', 'SC-15.3'],
    optionSets: [
      { name: 'base game', options: () => ({}) },
      { name: 'V1 circuit (line announced, route secret)', options: () => ({ circuit: true }) },
      { name: 'V2 turnstile + V3 exchange/pass + V5 central supply', options: () => ({ turnstile: true, exchangePass: true, centralSupply: true }) },
      { name: 'V4 handicap + strict extendable', options: (n) => ({ handicap: [0, 2, 1, 3, 0].slice(0, n), strictExtendable: true, firstPlayer: 1 }) },
    ],
    botShare: 0.3,
    rng: (s) => s.rng,
    known: (s, seat) => [s.players[seat]!.route, ...s.players.flatMap((p) => (p.revealed ? [p.route] : []))],
    secretsOf(s, seat, known = new Set()) {
      // Route cards: other seats' undeclared ones and the unused ones of the frame in play (SC-15.2).
      // Line numbers, hand tiles and stack contents are not unique tokens: perturb() covers them.
      const visible = new Set<Token>([...known, ...s.players.flatMap((p, o) => (routeKnown(s, seat, o) ? [p.route] : []))]);
      return texts('route card', routesOf(s), visible);
    },
    perturb(s, seat, rng) {
      const t = structuredClone(s);
      t.rng = randomRng(rng);
      const rest = others(s.players.length, seat);
      // Hand tiles of others and the four face-down stacks: one pool, same sizes (SC-15.1, SC-15.3).
      const pool = [...t.stacks.flat(), ...rest.flatMap((o) => t.players[o]!.hand)];
      const piles = redeal(pool, [...t.stacks.map((st) => st.length), ...rest.map((o) => t.players[o]!.hand.length)], rng);
      t.stacks = piles.slice(0, t.stacks.length);
      rest.forEach((o, i) => (t.players[o]!.hand = piles[t.stacks.length + i]!));
      // Undeclared line and route cards, with the unused ones (SC-15.2).
      const hiddenLines = rest.filter((o) => !lineKnown(s, seat, o));
      const freeLines = LINES.filter((l) => !s.players.some((p) => p.line === l));
      const lines = rng.shuffle([...hiddenLines.map((o) => s.players[o]!.line), ...freeLines]);
      hiddenLines.forEach((o, i) => (t.players[o]!.line = lines[i]!));
      const hiddenRoutes = rest.filter((o) => !routeKnown(s, seat, o));
      const freeRoutes = routesOf(s).filter((r) => !s.players.some((p) => p.route === r));
      const routes = rng.shuffle([...hiddenRoutes.map((o) => s.players[o]!.route), ...freeRoutes]);
      hiddenRoutes.forEach((o, i) => (t.players[o]!.route = routes[i]!));
      return t;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Trains & Stations (TS-17)

function tsSpec(): LeakSpec<TsState> {
  const own = (s: TsState, seat: Seat): string[] => {
    const p = s.players[seat]!;
    const pend = s.pending;
    return [
      ...p.specials,
      ...p.dealt,
      ...(pend.kind === 'keep' ? (pend.kept[seat] ?? []) : []),
      ...(pend.kind === 'tasks' ? (pend.answers[seat] ?? []) : []),
      ...(pend.kind === 'speculate' && pend.offers[seat] && pend.offers[seat] !== 'pass' ? (pend.offers[seat] as { specials: string[] }).specials : []),
    ];
  };
  const publicCards = (s: TsState): string[] => [...s.players.flatMap((p) => p.tasks), ...s.boxedSpecials];
  const hiddenZones = (s: TsState): string[] => {
    const pend = s.pending;
    return [
      ...s.players.flatMap((p) => [...p.specials, ...p.dealt]),
      ...(pend.kind === 'keep' ? pend.kept.flatMap((k) => k ?? []) : []),
      ...(pend.kind === 'tasks' ? pend.answers.flatMap((a) => a ?? []) : []),
      ...(pend.kind === 'speculate' ? pend.offers.flatMap((o) => (o && o !== 'pass' ? o.specials : [])) : []),
      ...s.specialDeck,
    ];
  };
  return {
    game: trainsAndStations as AnyGame,
    rules: ['TS-17.2', 'TS-17.3', 'TS-17.5', 'TS-17.6'],
    optionSets: [
      { name: 'automatic tasks', options: () => ({}) },
      { name: 'manual tasks (DP-8 secret window)', options: () => ({ manualTasks: true, conductor: 0 }) },
    ],
    botShare: 0.95,
    rng: (s) => s.rng,
    known: (s, seat) => [...own(s, seat), ...publicCards(s)],
    secretsOf(s, seat, known = new Set()) {
      const visible = new Set<Token>([...known, ...own(s, seat), ...publicCards(s)]);
      // Special cards in other hands, dealt or sealed commitments of others, and the special deck (TS-17.2).
      const out = texts('special card', hiddenZones(s), visible);
      out.push(...runs('special deck order', s.specialDeck, visible));
      // Goods in other hands and every hand size (TS-17.3) are counts: perturb() covers them.
      return out;
    },
    perturb(s, seat, rng) {
      const t = structuredClone(s);
      t.rng = randomRng(rng);
      const rest = others(s.players.length, seat);
      const fixed = new Set([...own(s, seat), ...publicCards(s)]);
      const pi = relabel(hiddenZones(s).filter((c) => !fixed.has(c)), () => 'special', rng);
      for (const p of t.players) {
        p.specials = p.specials.map(pi);
        p.dealt = p.dealt.map(pi);
      }
      t.specialDeck = rng.shuffle(t.specialDeck.map(pi));
      const pend = t.pending;
      if (pend.kind === 'keep') pend.kept = pend.kept.map((k) => k && k.map(pi));
      if (pend.kind === 'tasks') pend.answers = pend.answers.map((a) => a && a.map(pi));
      if (pend.kind === 'speculate') pend.offers = pend.offers.map((o) => (o && o !== 'pass' ? { ...o, specials: o.specials.map(pi) } : o));
      // Hand sizes are hidden (TS-17.3): move an uncommitted special card from one other seat to another.
      if (rest.length >= 2) {
        const [a, b] = rng.shuffle(rest);
        const from = t.players[a!]!;
        const pend2 = t.pending;
        const committed = new Set([
          ...(pend2.kind === 'tasks' ? (pend2.answers[a!] ?? []) : []),
          ...(pend2.kind === 'speculate' && pend2.offers[a!] && pend2.offers[a!] !== 'pass' ? (pend2.offers[a!] as { specials: string[] }).specials : []),
        ]);
        const movable = from.specials.filter((c) => !committed.has(c));
        if (movable.length) {
          const card = rng.pick(movable);
          from.specials = from.specials.filter((c) => c !== card);
          t.players[b!]!.specials.push(card);
        }
      }
      // Goods of others, by type (TS-17.2/17.3).
      for (const o of rest) for (const g of Object.keys(t.players[o]!.goods)) (t.players[o]!.goods as Record<string, number>)[g] = rng.int(5);
      return t;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Vlaky na trati (VNT H-1, H-2)

function vntSpec(): LeakSpec<VntState> {
  const publicCards = (s: VntState) => [...s.line, ...s.market];
  return {
    game: vlakyNaTratiGame as AnyGame,
    rules: ['H-1', 'H-2', 'VNT-9.7'],
    optionSets: [
      { name: 'sheet I, random start', options: () => ({}) },
      { name: 'sheet II, seat 1 starts', options: () => ({ sheet: 'II', startingPlayer: 1 }) },
    ],
    botShare: 0.3,
    rng: (s) => s.rng,
    known: (s, seat) => [...s.players[seat]!.hand, ...publicCards(s)],
    secretsOf(s, seat, known = new Set()) {
      const visible = new Set<Token>([...known, ...s.players[seat]!.hand, ...publicCards(s)]);
      // Others' hands (H-1), boxed A cards (2 players) and discarded A cards (H-2, VNT-9.7).
      const out = texts('A card', [...s.players.flatMap((p, o) => (o === seat ? [] : p.hand)), ...s.boxA, ...s.discarded], visible);
      // Deck B: which cards remain follows from the public line and market; the order is hidden (H-2).
      out.push(...runs('deck B order', s.deckB, visible));
      return out;
    },
    perturb(s, seat, rng) {
      const t = structuredClone(s);
      t.rng = randomRng(rng);
      const rest = others(s.players.length, seat);
      const pool = [...rest.flatMap((o) => t.players[o]!.hand), ...t.boxA, ...t.discarded];
      const piles = redeal(pool, [...rest.map((o) => t.players[o]!.hand.length), t.boxA.length, t.discarded.length], rng);
      rest.forEach((o, i) => (t.players[o]!.hand = piles[i]!));
      t.boxA = piles[rest.length]!;
      t.discarded = piles[rest.length + 1]!;
      t.deckB = rng.shuffle(t.deckB);
      return t;
    },
  };
}

export const leakSpecs: readonly LeakSpec[] = [ttrSpec(ticketToRideEurope as AnyGame), ttrSpec(ticketToRideGermany as AnyGame), streetcarSpec(), tsSpec(), vntSpec()];

export function specFor(gameId: string): LeakSpec {
  const spec = leakSpecs.find((s) => s.game.id === gameId);
  if (!spec) throw new Error(`no leak spec for ${gameId}`);
  return spec;
}
