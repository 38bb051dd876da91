/**
 * HARD-4 secret-leak scan, over the engine: for every catalog game,
 * seeded random games (seat counts from min to max, option sets that change what is secret) where
 * at every version each seat's view, what it sees of the events (through the API's own visibility
 * rule, functions/service/visibility.ts) and the error messages of illegal actions it tries are
 * scanned for any other seat's secret values, the hidden deck order, the RNG state and the seed
 * (test/leak/secrets.ts says what is secret per game and cites the rules). Values that are not
 * unique tokens are checked differentially: the hidden part of the state is resampled and the
 * seat's view, events and errors must not change. Zero hits is the pass mark.
 *
 * CI runs a few games per game type. The long version:
 *   LEAK_GAMES=1000 npx vitest run test/leak
 * (LEAK_STEPS caps the actions per game, LEAK_DEEP_EVERY sets how often the differential checks
 * and illegal-action probes run: every fifth state by default.)
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Rng, RuleError, seedRng, type AnyGame, type GameEvent, type Seat } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { logEntryFor } from '../../functions/service/visibility.js';
import { commonSecrets, leakSpecs, scan, scanner, secretKey, specFor, type Hit, type LeakSpec, type Secret, type Token } from './secrets.js';

const GAMES = Number(process.env.LEAK_GAMES ?? 4);
const MAX_STEPS = Number(process.env.LEAK_STEPS ?? 600);
const DEEP_EVERY = Number(process.env.LEAK_DEEP_EVERY ?? 5);
const PROBES = 4;

type Action = { type: string } & Record<string, unknown>;

export interface Tally {
  games: number;
  finished: number;
  states: number;
  /** (state, seat) pairs whose view was scanned. */
  seatViews: number;
  /** (event batch, seat) pairs scanned. */
  seatEvents: number;
  /** Secret values looked for, summed over every scan. */
  values: number;
  /** Views compared with the view of a resampled hidden state. */
  viewDiffs: number;
  /** Event batches compared with the same action on a resampled hidden state (and how many could not be). */
  eventDiffs: number;
  eventDiffsSkipped: number;
  /** Illegal actions tried, their errors scanned, and compared on a resampled state. */
  errors: number;
  errorDiffs: number;
  hits: string[];
}

export const newTally = (): Tally => ({ games: 0, finished: 0, states: 0, seatViews: 0, seatEvents: 0, values: 0, viewDiffs: 0, eventDiffs: 0, eventDiffsSkipped: 0, errors: 0, errorDiffs: 0, hits: [] });

/** JSON with sorted keys, so that two views compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** Like `canonical`, with every array sorted. */
function unordered(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(unordered).sort().join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${unordered((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** The first path where two JSON values differ (for the report). */
function firstDiff(a: unknown, b: unknown, path = ''): string {
  if (canonical(a) === canonical(b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDiff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  return `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 120)} vs ${JSON.stringify(b)?.slice(0, 120)}`;
}

/** What `seat` sees of the events of one action: the API's own rule (visibleTo / redacted). */
export function seenBy(events: GameEvent[], actor: Seat, action: { type: string }, seat: Seat) {
  return logEntryFor({ version: 0, seat: actor, playerId: null, action, events, toAct: [], at: '' }, seat).events;
}

function tokensOf(value: unknown): Set<Token> {
  const out = new Set<Token>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

/** Illegal actions for `seat` to try: other seats' legal actions, and legal ones with a secret value put in. */
function probesFor(legalOf: (seat: Seat) => Action[], due: readonly Seat[], seat: Seat, secrets: readonly Secret[], rng: Rng): Action[] {
  const own = due.includes(seat) ? legalOf(seat) : [];
  const foreign = due.filter((s) => s !== seat).flatMap(legalOf);
  const values = secrets.flatMap((s) => (s.kind === 'text' || s.kind === 'id' ? [s.value] : []));
  const out: Action[] = [];
  for (let i = 0; i < 2 && foreign.length; i++) out.push(rng.pick(foreign));
  const bases = [...own, ...foreign];
  while (out.length < PROBES && bases.length) {
    const copy = structuredClone(rng.pick(bases)) as Record<string, unknown>;
    const keys = Object.keys(copy).filter((k) => k !== 'type');
    if (keys.length && values.length) {
      const key = rng.pick(keys);
      const v = copy[key];
      const secret = rng.pick(values);
      if (Array.isArray(v)) copy[key] = v.length ? v.map((x, j) => (j === 0 ? secret : x)) : [secret];
      else copy[key] = secret;
    } else {
      copy.type = rng.pick(['nope', ...bases.map((b) => b.type)]);
    }
    out.push(copy as Action);
  }
  return out;
}

type Outcome = { error: RuleError } | { accepted: true } | { crash: unknown };
function attempt(game: AnyGame, state: unknown, seat: Seat, action: Action): Outcome {
  try {
    game.apply(state, seat, action);
    return { accepted: true };
  } catch (err) {
    return err instanceof RuleError ? { error: err } : { crash: err };
  }
}
const errorBody = (e: RuleError) => ({ name: e.name, code: e.code, message: e.message, rule: e.rule });

/**
 * Plays game number `g` of `spec` at random and scans it. `game` may be a deliberately leaky
 * stand-in (the self-test); it must behave like `spec.game` otherwise.
 */
export function scanGame(spec: LeakSpec, g: number, tally: Tally, game: AnyGame = spec.game): void {
  const span = game.maxPlayers - game.minPlayers + 1;
  const players = game.minPlayers + (g % span);
  const optionSet = spec.optionSets[(g + Math.floor(g / span)) % spec.optionSets.length]!;
  const options = game.options.parse(optionSet.options(players));
  const seed = createHash('sha256').update(`leak/${game.id}/${g}`).digest('hex');
  const rng = new Rng(seedRng(`leak-driver/${game.id}/${g}`));
  const seats = Array.from({ length: players }, (_, s) => s);
  const label = `${game.id} #${g} (${players} seats, ${optionSet.name})`;
  const hit = (where: string, seat: Seat | 'all', step: number, detail: string) => tally.hits.push(`${label} step ${step}, seat ${seat}, ${where}: ${detail}`);
  const report = (where: string, seat: Seat | 'all', step: number, hits: Hit[]) => {
    for (const h of hits.slice(0, 3)) hit(where, seat, step, `${h.what} at ${h.path} = ${h.found}`);
  };

  let state = game.setup({ seed, players, options });
  const known = seats.map(() => new Set<Token>());
  /** The secrets of the state about to be scanned, when already worked out after the last action. */
  let carried: Secret[][] | null = null;
  tally.games++;
  let step = 0;
  for (; step < MAX_STEPS; step++) {
    const due = game.toAct(state);
    if (due.length === 0) break;
    tally.states++;
    seats.forEach((v) => spec.known(state, v).forEach((x) => known[v]!.add(x)));
    const deep = step % DEEP_EVERY === 0;
    const before = carried ?? seats.map((v) => [...spec.secretsOf(state, v, known[v]), ...commonSecrets(seed, spec.rng(state))]);
    carried = null;
    const legalCache = new Map<Seat, Action[]>();
    const legalOf = (s: Seat) => legalCache.get(s) ?? legalCache.set(s, game.legalActions(state, s) as Action[]).get(s)!;
    const perturbed = deep ? seats.map((v) => spec.perturb(state, v, rng)) : [];

    for (const v of seats) {
      const secrets = before[v]!;
      const view = game.view(state, v);
      tally.seatViews++;
      tally.values += secrets.length;
      report('view', v, step, scanner(secrets)(view));
      if (!deep) continue;
      // Differential: the view must not change when only what v cannot know changes.
      const other = game.view(perturbed[v], v);
      tally.viewDiffs++;
      if (canonical(other) !== canonical(view)) hit('view depends on hidden state', v, step, firstDiff(view, other));
      // Errors: illegal actions v might send; the message must hold no secret and not depend on hidden state.
      for (const probe of probesFor(legalOf, due, v, secrets, rng)) {
        const parsed = game.action.safeParse(probe);
        if (!parsed.success) continue; // refused by the API's schema check before the engine
        const a = attempt(game, state, v, parsed.data as Action);
        if (!('error' in a)) continue;
        tally.errors++;
        const typed = tokensOf(parsed.data);
        report('error', v, step, scan(errorBody(a.error), secrets.filter((s) => !(s.kind !== 'run' && s.kind !== 'substring' && typed.has(s.value)))));
        const b = attempt(game, perturbed[v], v, parsed.data as Action);
        if ('crash' in b) continue; // a resampled state may be one the rules cannot reach
        tally.errorDiffs++;
        if (!('error' in b)) hit('legality depends on hidden state', v, step, `${JSON.stringify(parsed.data)} refused (${a.error.message}) but accepted after resampling`);
        else if (canonical(errorBody(a.error)) !== canonical(errorBody(b.error))) hit('error depends on hidden state', v, step, `${JSON.stringify(parsed.data)}: ${JSON.stringify(errorBody(a.error))} vs ${JSON.stringify(errorBody(b.error))}`);
      }
    }

    const actor = rng.pick(due);
    const legal = legalOf(actor);
    const action = rng.next() / 2 ** 32 < spec.botShare ? (game.bot({ seat: actor, view: game.view(state, actor), legal, rng }) as Action) : rng.pick(legal);
    const { state: next, events } = game.apply(state, actor, action);
    const over = game.toAct(next).length === 0;
    const after: Secret[][] = [];
    for (const v of seats) {
      const seen = seenBy(events, actor, action, v);
      tally.seatEvents++;
      if (over) {
        // Final scoring reveals tickets and hands (TTRE-H11); the seed only comes with the export.
        report('final events', v, step, scan(seen, commonSecrets(seed)));
        continue;
      }
      // Secret before and still secret after: a value the event itself makes public is fair.
      for (const x of spec.known(next, v)) known[v]!.add(x);
      after[v] = [...spec.secretsOf(next, v, known[v]), ...commonSecrets(seed, spec.rng(next))];
      const wasSecret = new Set(before[v]!.map(secretKey));
      const secrets = [...after[v]!.filter((s) => s.kind === 'run' || s.kind === 'number' || s.kind === 'substring' || wasSecret.has(secretKey(s))), ...commonSecrets(seed, spec.rng(state))];
      tally.values += secrets.length;
      report('events', v, step, scan(seen, secrets));
      if (!deep) continue;
      // Differential: the same action on the resampled state. Where v's next view is the same
      // (no hidden randomness came to light), what v sees of the events must be the same too, up
      // to order: cards turned up in another order (a tunnel's three) can end up the same pile.
      let alt: { state: unknown; events: GameEvent[] };
      try {
        alt = game.apply(perturbed[v], actor, action);
      } catch {
        tally.eventDiffsSkipped++; // the action used something that was resampled (another seat's cards)
        continue;
      }
      if (canonical(game.view(alt.state, v)) !== canonical(game.view(next, v))) {
        tally.eventDiffsSkipped++;
        continue;
      }
      tally.eventDiffs++;
      const altSeen = seenBy(alt.events, actor, action, v);
      if (unordered(altSeen) !== unordered(seen)) hit('events depend on hidden state', v, step, `${action.type}: ${firstDiff(seen, altSeen)}`);
    }
    state = next;
    if (!over && after.length === players) carried = after;
  }
  if (game.toAct(state).length === 0) {
    tally.finished++;
    for (const v of [...seats, 'all' as const]) report('final view', v, step, scan(game.view(state, v), commonSecrets(seed)));
  }
}

function summary(id: string, t: Tally): string {
  return `${id}: ${t.games} games (${t.finished} finished), ${t.states} states, ${t.seatViews} seat-views, ${t.seatEvents} seat-event batches, ${t.values} secret values scanned, ${t.viewDiffs} view diffs, ${t.eventDiffs} event diffs (${t.eventDiffsSkipped} not comparable), ${t.errors} errors scanned (${t.errorDiffs} compared), ${t.hits.length} hits`;
}

describe('HARD-4 secret-leak scan over the engine', () => {
  it('covers every catalog game', () => {
    expect(leakSpecs.map((s) => s.game.id).sort()).toEqual(catalogGames.map((g) => g.id).sort());
  });

  const what: Record<string, string> = {
    'ticket-to-ride-europe': "another seat's tickets or train cards, the ticket or card deck order (TTRE-3.5, TTRE-H2, H3, H7, H8, H12)",
    'ticket-to-ride-germany': "another seat's tickets or train cards, the set-aside tickets, the deck orders (TTRG-3.6, TTRG-H2, H3, H5, H8)",
    streetcar: "another seat's hand tiles, line or route card, the unused cards, the stacks (SC-15.1, SC-15.2, SC-15.3)",
    'trains-and-stations': "another seat's special or goods cards, hand sizes, sealed commitments, the special deck (TS-17.2, 17.3, 17.5, 17.6)",
    'vlaky-na-trati': "another seat's hand, the boxed or discarded A cards, the deck B order (H-1, H-2)",
  };

  for (const spec of leakSpecs) {
    it(`HARD-4 secret-leak: ${spec.game.id} views, events and errors never show ${what[spec.game.id]}, the RNG state or the seed`, () => {
      const tally = newTally();
      for (let g = 0; g < GAMES; g++) scanGame(spec, g, tally);
      console.log(`HARD-4 ${summary(spec.game.id, tally)}`);
      expect(tally.hits.slice(0, 20)).toEqual([]);
      // Not vacuous: states were scanned, with secrets to look for, and the differential checks ran.
      expect(tally.seatViews).toBeGreaterThan(0);
      expect(tally.values).toBeGreaterThan(0);
      expect(tally.viewDiffs).toBeGreaterThan(0);
      expect(tally.eventDiffs).toBeGreaterThan(0);
      expect(tally.errors).toBeGreaterThan(0);
    }, 600_000);
  }
});

describe('HARD-4 secret-leak scanner self-test: a planted leak is found', () => {
  const ttr = specFor('ticket-to-ride-europe');
  const vnt = specFor('vlaky-na-trati');

  it('scan() finds another seat’s ticket, a card id, a deck run, an RNG word and the seed; and nothing in a clean view', () => {
    let state = ttr.game.setup({ seed: 'self-test', players: 3, options: ttr.game.options.parse({}) });
    for (let i = 0; i < 3; i++) state = ttr.game.apply(state, i, ttr.game.legalActions(state, i)[0]!).state;
    const secrets = [...ttr.secretsOf(state, 0), ...commonSecrets('f'.repeat(64), ttr.rng(state))];
    const view = ttr.game.view(state, 0) as Record<string, unknown>;
    expect(scan(view, secrets)).toEqual([]);
    const theirs = (state as { tickets: number[][] }).tickets[1]![0]!;
    expect(scan({ ...view, peek: { tickets: [theirs] } }, secrets).map((h) => h.what)).toContain(`ticket ${theirs} (not 0's)`);
    expect(scan({ ...view, peek: [{ id: theirs, a: 'X', b: 'Y' }] }, secrets)).not.toEqual([]);
    const deck = (state as { ticketDecks: { short: number[] } }).ticketDecks.short;
    expect(scan({ ...view, deck: deck.slice(4, 7) }, secrets).map((h) => h.what)).toContain('short ticket deck order');
    expect(scan({ ...view, n: ttr.rng(state)[1] }, secrets).map((h) => h.what)).toContain('an RNG word');
    expect(scan({ ...view, message: `seed ${'f'.repeat(64)}` }, secrets).map((h) => h.what)).toContain('the seed');

    let v = vnt.game.setup({ seed: 'self-test', players: 2, options: vnt.game.options.parse({}) });
    const vs = vnt.secretsOf(v, 0);
    const card = (v as { players: { hand: string[] }[] }).players[1]!.hand[0]!;
    expect(scan(vnt.game.view(v, 0), vs)).toEqual([]);
    expect(scan({ detail: `You may not discard ${card}, it is in Ben's hand` }, vs).map((h) => h.found)).toContain(`"You may not discard ${card}, it is in Ben's hand"`);
    v = structuredClone(v);
    const deckB = (v as { deckB: string[] }).deckB;
    expect(scan({ message: `next: ${deckB.slice(0, 3).join(', ')}` }, vs).map((h) => h.what)).toContain('deck B order');
  });

  /** Runs the scan on a game that leaks on purpose and returns what it found. */
  function leaky(spec: LeakSpec, change: Partial<AnyGame>): string[] {
    const tally = newTally();
    scanGame(spec, 1, tally, { ...spec.game, ...change } as AnyGame);
    return tally.hits;
  }

  it('a view that shows other seats’ tickets is caught by the token scan', () => {
    const hits = leaky(ttr, { view: (s: any, v) => ({ ...ttr.game.view(s, v), oops: { tickets: s.tickets.flat() } }) });
    expect(hits.some((h) => h.includes(', view: ticket'))).toBe(true);
  });

  it('a view that shows other hands (colours, not unique) is caught by the differential check', () => {
    const hits = leaky(ttr, { view: (s: any, v) => ({ ...ttr.game.view(s, v), oops: s.hands }) });
    expect(hits.some((h) => h.includes('view depends on hidden state'))).toBe(true);
  });

  it('events shown unredacted to everyone are caught (ticket ids by token, blind-drawn colours by difference)', () => {
    const apply = (s: any, seat: Seat, a: any) => {
      const r = ttr.game.apply(s, seat, a);
      return { ...r, events: r.events.map((e: GameEvent) => ({ type: e.type, ...(e.data ? { data: e.data } : {}) })) };
    };
    const hits = leaky(ttr, { apply });
    expect(hits.some((h) => h.includes(', events: ticket'))).toBe(true);
    expect(hits.some((h) => h.includes('events depend on hidden state'))).toBe(true);
  });

  it('an error message naming another seat’s card is caught, and one that depends on hidden state too', () => {
    const spell = (s: any, seat: Seat, a: any) => {
      try {
        return vnt.game.apply(s, seat, a);
      } catch (err) {
        if (err instanceof RuleError) throw new RuleError(err.code, `${err.message} (seat ${(seat + 1) % s.players.length} holds ${s.players[(seat + 1) % s.players.length].hand.join(', ')})`, err.rule);
        throw err;
      }
    };
    const hits = leaky(vnt, { apply: spell });
    expect(hits.some((h) => h.includes(', error: A card'))).toBe(true);
    expect(hits.some((h) => h.includes('error depends on hidden state'))).toBe(true);
  });
});
