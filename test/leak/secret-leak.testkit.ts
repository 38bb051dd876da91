/**
 * The engine-level secret-leak scanner of secret-leak.test.ts: one seeded game played to its end,
 * with every seat's view, events and refused actions scanned for other seats' secrets, token by
 * token and differentially.
 */
import { createHash } from 'node:crypto';
import { Rng, RuleError, seedRng, type AnyGame, type GameEvent, type Seat } from '../../engine/core/index.js';
import { logEntryFor } from '../../functions/service/visibility.js';
import {
  commonSecrets,
  scan,
  scanner,
  secretKey,
  type Hit,
  type LeakSpec,
  type Secret,
  type Token,
} from './secrets.js';

export const GAMES = Number(process.env.LEAK_GAMES ?? 4);
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

export const newTally = (): Tally => ({
  games: 0,
  finished: 0,
  states: 0,
  seatViews: 0,
  seatEvents: 0,
  values: 0,
  viewDiffs: 0,
  eventDiffs: 0,
  eventDiffsSkipped: 0,
  errors: 0,
  errorDiffs: 0,
  hits: [],
});

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
function probesFor(
  legalOf: (seat: Seat) => Action[],
  due: readonly Seat[],
  seat: Seat,
  secrets: readonly Secret[],
  rng: Rng,
): Action[] {
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
  const hit = (where: string, seat: Seat | 'all', step: number, detail: string) =>
    tally.hits.push(`${label} step ${step}, seat ${seat}, ${where}: ${detail}`);
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
    const before =
      carried ?? seats.map((v) => [...spec.secretsOf(state, v, known[v]), ...commonSecrets(seed, spec.rng(state))]);
    carried = null;
    const legalCache = new Map<Seat, Action[]>();
    const legalOf = (s: Seat) =>
      legalCache.get(s) ?? legalCache.set(s, game.legalActions(state, s) as Action[]).get(s)!;
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
        report(
          'error',
          v,
          step,
          scan(
            errorBody(a.error),
            secrets.filter((s) => !(s.kind !== 'run' && s.kind !== 'substring' && typed.has(s.value))),
          ),
        );
        const b = attempt(game, perturbed[v], v, parsed.data as Action);
        if ('crash' in b) continue; // a resampled state may be one the rules cannot reach
        tally.errorDiffs++;
        if (!('error' in b))
          hit(
            'legality depends on hidden state',
            v,
            step,
            `${JSON.stringify(parsed.data)} refused (${a.error.message}) but accepted after resampling`,
          );
        else if (canonical(errorBody(a.error)) !== canonical(errorBody(b.error)))
          hit(
            'error depends on hidden state',
            v,
            step,
            `${JSON.stringify(parsed.data)}: ${JSON.stringify(errorBody(a.error))} vs ${JSON.stringify(errorBody(b.error))}`,
          );
      }
    }

    const actor = rng.pick(due);
    const legal = legalOf(actor);
    const action =
      rng.next() / 2 ** 32 < spec.botShare
        ? (game.bot({ seat: actor, view: game.view(state, actor), legal, rng }) as Action)
        : rng.pick(legal);
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
      const secrets = [
        ...after[v]!.filter(
          (s) => s.kind === 'run' || s.kind === 'number' || s.kind === 'substring' || wasSecret.has(secretKey(s)),
        ),
        ...commonSecrets(seed, spec.rng(state)),
      ];
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
      if (unordered(altSeen) !== unordered(seen))
        hit('events depend on hidden state', v, step, `${action.type}: ${firstDiff(seen, altSeen)}`);
    }
    state = next;
    if (!over && after.length === players) carried = after;
  }
  if (game.toAct(state).length === 0) {
    tally.finished++;
    for (const v of [...seats, 'all' as const])
      report('final view', v, step, scan(game.view(state, v), commonSecrets(seed)));
  }
}

export function summary(id: string, t: Tally): string {
  return `${id}: ${t.games} games (${t.finished} finished), ${t.states} states, ${t.seatViews} seat-views, ${t.seatEvents} seat-event batches, ${t.values} secret values scanned, ${t.viewDiffs} view diffs, ${t.eventDiffs} event diffs (${t.eventDiffsSkipped} not comparable), ${t.errors} errors scanned (${t.errorDiffs} compared), ${t.hits.length} hits`;
}
