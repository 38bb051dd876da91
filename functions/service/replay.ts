import type { AnyGame } from '../../engine/core/index.js';
import type { EventRecord, GameMeta, HeadRecord } from '../store/records.js';

export interface GameState {
  state: unknown;
  version: number;
  /** Seats that forfeited, in order: platform records, not game actions. */
  forfeited: number[];
}

/** The state at version 0: setup from the game's secret seed, seat count and options. */
export function initialState(def: AnyGame, meta: GameMeta): unknown {
  return def.setup({ seed: meta.seed, players: meta.players, options: def.options.parse(meta.options) });
}

/**
 * Folds logged events onto the head (or onto setup when there is no head). The log is the
 * truth: the head is only a shortcut, and any events it has not seen yet are applied here.
 */
export function replay(def: AnyGame, meta: GameMeta, head: HeadRecord | null, events: readonly EventRecord[]): GameState {
  let state = head ? head.state : initialState(def, meta);
  let version = head ? head.version : 0;
  const forfeited = [...(head?.forfeited ?? [])];
  for (const e of events) {
    if (e.version <= version) continue;
    if (e.version !== version + 1) throw new Error(`event log of ${meta.id} has a gap at ${version + 1}`);
    if (e.forfeit) forfeited.push(e.seat);
    else state = def.apply(state, e.seat, e.action).state;
    version = e.version;
  }
  return { state, version, forfeited };
}
