/**
 * The game kit: a game is a set of named steps, and each step holds, side by side, who acts in it,
 * the actions it offers and the effect of each. `defineGame` turns that into the platform's
 * GameDefinition (`defineRules`, then `defineGame`) with one `apply` pipeline for every game:
 *
 *   game over? → a real seat? → one of this step's actors? → an action this step handles?
 *   → canonical form → effect on a private copy, drawing from the state's RNG and logging events
 *   → automatic passes → the new state and its events.
 *
 * Because legality (`actions`) and effect (`on`) are declared in the same step, an action type a
 * step lists but cannot handle, or handles but never lists, shows up in one place (and in
 * test/engine/kit.test.ts, which checks every listed action of every catalog game has its handler).
 */
import type { Applied, GameDefinition, GameEvent, Seat } from '../contract.js';
import { RuleError } from '../errors.js';
import { Rng, type RngState } from '../rng.js';
import { cloneJson } from './clone.js';

/** A log event as a game's published event schema spells it. */
export type KitEvent = { type: string; data?: Record<string, unknown> | undefined };
type DataOf<E extends KitEvent, T extends E['type']> = Extract<E, { type: T }>['data'];
type ActionOf<A extends { type: string }, T extends A['type']> = Extract<A, { type: T }>;

/** The private copy an effect works on, with the RNG and the log of the action being applied. */
export interface Draft<S, E extends KitEvent> {
  /** A deep copy of the state: change it freely. */
  readonly state: S;
  /** The seat whose action is being applied. */
  readonly seat: Seat;
  /** Seeded from the state; its new position is stored back when the effect is done. */
  readonly rng: Rng;
  /** A public log event, typed by the game's published event schema. */
  emit<T extends E['type']>(type: T, data: DataOf<E, T>): void;
  /** An event only the seats `to` see; everyone else sees `redacted` (nothing without it). */
  emitSecret(event: E, to: readonly Seat[], redacted?: E): void;
}

export type Effect<S, E extends KitEvent, X> = (d: Draft<S, E>, action: X) => void;

/** How an action is refused: its error code (default per case), message and rule ID. */
export interface Refusal {
  code?: string;
  message: string;
  rule: string;
}

/** One state of the game's flow: who acts, what they may do, and what each action does. */
export interface Step<S, A extends { type: string }, E extends KitEvent> {
  /** Rule ID cited when an action this step does not handle arrives. */
  rule: string;
  /** Seats that act now; several at once for simultaneous (secret) choices. */
  actors(s: S): Seat[];
  /** Every action `seat` (one of the actors) may take now. */
  actions(s: S, seat: Seat): A[];
  /** The effect of each action type this step accepts; the rule checks beyond shape live here. */
  on: { [T in A['type']]?: Effect<S, E, ActionOf<A, T>> };
  /** What a seat that is not an actor is told; by default "It is not your turn", citing `rule`. */
  waiting?: Refusal;
  /**
   * Why an action type this step does not accept is refused, where a more precise rule says so; a
   * function where the reason depends on the state.
   */
  refuse?: { [T in A['type']]?: Refusal | ((s: S) => Refusal) };
  /**
   * Automatic moves after any action: while this returns true (it changed the draft), the kit looks
   * again at the step the game is then in. An actor with nothing to choose passes here.
   */
  auto?(d: Draft<S, E>): boolean;
}

/** The flow of a game: its steps and how to tell which one the state is in. */
export interface RulesSpec<
  S extends { rng: RngState },
  A extends { type: string },
  E extends KitEvent,
  K extends string,
> {
  /** How many seats the state has. */
  seats(s: S): number;
  /** The step the game is in; null once it is over. */
  step(s: S): K | null;
  steps: { readonly [k in K]: Step<S, A, E> };
  /** Rule ID cited for an action after the game has ended or from a seat that does not exist. */
  overRule: string;
  /** One spelling of an action that can be written several ways (dice in any order, …). */
  canonical?(s: S, seat: Seat, action: A): A;
}

/** The rules half of a GameDefinition, built from the steps by `defineRules`. */
export interface Rules<S, A extends { type: string }> {
  toAct(s: S): Seat[];
  legalActions(s: S, seat: Seat): A[];
  apply(s: S, seat: Seat, action: A): Applied<S>;
  /** The step the game is in; null once it is over. */
  step(s: S): string | null;
  /** Action types a step accepts (its handlers). */
  handles(step: string): string[];
}

/** Everything else a game declares (identity, options, published schemas, setup, views, bot), with its rules. */
export interface GameSpec<S, A extends { type: string }, O, V> extends Omit<
  GameDefinition<S, A, O, V>,
  keyof Rules<S, A> | 'kit'
> {
  rules: Rules<S, A>;
}

/** A GameDefinition built by the kit; its steps stay visible for tests and tools. */
export interface KitGame<S, A extends { type: string }, O, V> extends GameDefinition<S, A, O, V> {
  kit: Pick<Rules<S, A>, 'step' | 'handles'>;
}

/** Automatic moves that never settle mean a rules bug; stop instead of looping forever. */
const AUTO_LIMIT = 10_000;

export function defineRules<
  S extends { rng: RngState },
  A extends { type: string },
  E extends KitEvent,
  K extends string,
>(spec: RulesSpec<S, A, E, K>): Rules<S, A> {
  const stepOf = (s: S): Step<S, A, E> | null => {
    const k = spec.step(s);
    return k === null ? null : spec.steps[k];
  };

  function toAct(s: S): Seat[] {
    return stepOf(s)?.actors(s) ?? [];
  }

  function legalActions(s: S, seat: Seat): A[] {
    const step = stepOf(s);
    return step && step.actors(s).includes(seat) ? step.actions(s, seat) : [];
  }

  function draftOf(state: S, seat: Seat): { draft: Draft<S, E>; events: GameEvent[] } {
    const copy = cloneJson(state);
    const rng = new Rng(copy.rng);
    const events: GameEvent[] = [];
    const draft: Draft<S, E> = {
      state: copy,
      seat,
      rng,
      emit: (type, data) => events.push(data === undefined ? { type } : { type, data }),
      emitSecret: (event, to, redacted) =>
        events.push({ ...event, visibleTo: [...to], ...(redacted ? { redacted } : {}) }),
    };
    return { draft, events };
  }

  function apply(state: S, seat: Seat, action: A): Applied<S> {
    const step = stepOf(state);
    if (!step) throw new RuleError('game_over', 'The game is over', spec.overRule);
    if (!Number.isInteger(seat) || seat < 0 || seat >= spec.seats(state))
      throw new RuleError('no_seat', 'No such seat', spec.overRule);
    if (!step.actors(state).includes(seat)) {
      const w = step.waiting;
      throw new RuleError(w?.code ?? 'not_your_turn', w?.message ?? 'It is not your turn', w?.rule ?? step.rule);
    }
    const effect = step.on[action.type as A['type']] as Effect<S, E, A> | undefined;
    if (!effect) {
      const why: Refusal | ((s: S) => Refusal) | undefined = step.refuse?.[action.type as A['type']];
      const r = typeof why === 'function' ? why(state) : why;
      throw new RuleError(r?.code ?? 'wrong_step', r?.message ?? 'That is not possible now', r?.rule ?? step.rule);
    }
    const { draft, events } = draftOf(state, seat);
    effect(draft, spec.canonical ? spec.canonical(state, seat, action) : action);
    for (let n = 0; stepOf(draft.state)?.auto?.(draft); n++) {
      if (n >= AUTO_LIMIT) throw new Error('automatic moves do not settle');
    }
    draft.state.rng = draft.rng.state;
    return { state: draft.state, events };
  }

  return {
    toAct,
    legalActions,
    apply,
    step: spec.step,
    handles: (k) => Object.keys(spec.steps[k as K]?.on ?? {}),
  };
}

export function defineGame<S, A extends { type: string }, O, V>(spec: GameSpec<S, A, O, V>): KitGame<S, A, O, V> {
  const { rules, ...rest } = spec;
  return {
    ...rest,
    toAct: rules.toAct,
    legalActions: rules.legalActions,
    apply: rules.apply,
    kit: { step: rules.step, handles: rules.handles },
  };
}
