import * as z from 'zod';
import type { Rng } from './rng.js';
import type { SearchConfig } from './search/config.js';

/** Seats are numbered 0..players-1 in turn order of setup. */
export type Seat = number;

/** Who looks at the game: a seat, a spectator, or everybody (after the game has ended). */
export type Viewer = Seat | 'spectator' | 'all';

/**
 * A log entry describing what happened. Without `visibleTo` everyone sees it. With it, only
 * those seats see it; everyone else sees `redacted` (e.g. "Anna drew 2 cards") or nothing.
 */
export const GameEventSchema = z.object({
  type: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  visibleTo: z.array(z.number().int()).optional(),
  redacted: z.object({ type: z.string(), data: z.record(z.string(), z.unknown()).optional() }).optional(),
});
export type GameEvent = z.infer<typeof GameEventSchema>;

/**
 * An event (or its redacted form) as the platform publishes it: `data` left out when it holds
 * nothing, so an event with nothing to say has no data member rather than an empty object. The
 * recorded event keeps what `apply` emitted; the published schemas describe this form.
 */
export function publishedEvent<E extends { data?: Record<string, unknown> }>(e: E): E {
  if (!e.data || Object.keys(e.data).length > 0) return e;
  const { data: _nothing, ...rest } = e;
  return rest as E;
}

export const ScoreLineSchema = z.object({
  item: z.string().meta({ description: 'What the points are for, e.g. "route Berlin–Wien"' }),
  points: z.number(),
  detail: z.string().optional(),
});

export const OutcomeSchema = z
  .object({
    scores: z.array(z.number()).meta({ description: 'Final score of each seat, by seat index' }),
    ranking: z
      .array(z.number().int().min(1))
      .meta({ description: 'Place of each seat (1 = winner); tied seats share a place' }),
    breakdown: z.array(z.array(ScoreLineSchema)).meta({ description: 'Per seat, the lines that add up to its score' }),
    noWinner: z.literal(true).optional().meta({
      description:
        'The game ended without a winner (a Streetcar stalemate, SC-12.3): the seats share place 1 but none won; ratings count it a draw',
    }),
  })
  .meta({ id: 'Outcome' });
export type Outcome = z.infer<typeof OutcomeSchema>;

export interface SetupInput<O> {
  seed: string;
  players: number;
  options: O;
}

export interface Applied<S> {
  state: S;
  events: GameEvent[];
}

export interface BotInput<V, A> {
  seat: Seat;
  /** The bot sees only what its seat may see. */
  view: V;
  legal: readonly A[];
  rng: Rng;
  /**
   * The game's options, public to every seat (they are chosen in the lobby). Search bots need them
   * to rebuild a full state from the view; a bot without them assumes the defaults.
   */
  options?: unknown;
}

/**
 * A game as a pure, deterministic state machine. The state must be plain JSON (it is stored),
 * must carry its own RNG state, and is never mutated: `apply` returns a new one.
 */
export interface GameDefinition<S = unknown, A extends { type: string } = { type: string }, O = unknown, V = unknown> {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  /** False for games that exist only for tests; they are playable but not in the catalog. */
  listed: boolean;
  /**
   * The revision of these rules (its manifest's): a game stores it at creation, and its export names
   * it, so that a verifier knows which engine replays it. Games for tests only may leave it out.
   */
  rulesRevision?: string;
  /** Static components a client needs to draw the game (board, routes, cards); public, the same for every game. */
  components?: unknown;
  /** Options with defaults applied by parsing; `{}` must parse. */
  options: z.ZodType<O, unknown>;
  /** Every action's shape; legality beyond shape is `apply`'s job. */
  action: z.ZodType<A, unknown>;
  /**
   * The published shapes of what `view` returns and of the log's events (redacted forms included),
   * for the OpenAPI document and typed clients.
   */
  schemas: GameSchemas<V>;
  /** Checks options against the seat count (e.g. a chosen first player must exist); a message if they do not fit. */
  checkOptions?(options: O, players: number): string | null;
  setup(input: SetupInput<O>): S;
  /** Seats that may act now (several during simultaneous decisions); empty when the game is over. */
  toAct(state: S): Seat[];
  /** Every action `apply` accepts from `seat` now; empty if the seat is not to act. */
  legalActions(state: S, seat: Seat): A[];
  /** Throws RuleError for an illegal action. */
  apply(state: S, seat: Seat, action: A): Applied<S>;
  view(state: S, viewer: Viewer): V;
  /**
   * What no seat sees and no draw of the RNG covers: the undrawn piles in their hidden order. An
   * action that changes it revealed something (a card drawn, a tile turned), so the platform will
   * not take it back; games without such piles leave it out.
   */
  concealed?(state: S): unknown;
  outcome(state: S): Outcome | null;
  bot(input: BotInput<V, A>): A;
  /**
   * For search bots: a full state consistent with what `seat` sees in `view`, dealing everything
   * the seat cannot see (other hands, deck orders, bag contents) at random from the components the
   * view does not show, and with a fresh RNG state. It must never read anything but its arguments,
   * and `view(determinize(v, seat, rng, o), seat)` must equal `v`.
   */
  determinize?(view: V, seat: Seat, rng: Rng, options: O): S;
  /**
   * For search bots that stop a simulated game early: each seat's standing if the game were scored
   * now, on the scale of `outcome`'s scores (higher is better).
   */
  estimate?(state: S): number[];
  /**
   * For search bots: the legal actions worth searching, a non-empty subset of `legal` that drops
   * moves a search would only waste time telling apart (other ways to pay for the same route).
   */
  searchActions?(state: S, seat: Seat, legal: A[]): A[];
  /**
   * For search bots: this game's departures from the shared level budgets (search/levels.ts), where
   * its simulations cost more or its outcomes need other weights; the per-move time caps stay.
   */
  searchLevels?: { medium?: Partial<SearchConfig>; hard?: Partial<SearchConfig> };
}

export interface GameSchemas<V> {
  /** Exactly what `view` returns, for every viewer; closed objects are strict. */
  view: z.ZodType<V, unknown>;
  /** Every event `apply` emits, and every `redacted` form, as published (`publishedEvent`), as a union discriminated by `type`. */
  event: z.ZodType<{ type: string; data?: Record<string, unknown> }, unknown>;
  /** Exactly what `components` holds, for the catalog's answer; games without components leave it out. */
  components?: z.ZodType;
}

/** The registry and the platform handle games without knowing their types. */
export type AnyGame = GameDefinition<any, { type: string }, any, any>;

/** The baseline bot every game has: a uniformly random legal action. */
export function randomBot<V, A>({ legal, rng }: BotInput<V, A>): A {
  return rng.pick(legal);
}
