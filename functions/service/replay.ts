import type { AnyGame } from '../../engine/core/index.js';
import type { EventRecord, GameMeta } from '../domain/game.js';

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

/** The version an accepted take-back returns the game to, for its `take_back` entry; null for any other record. */
export function takenBackTo(record: EventRecord): number | null {
  if (!record.platform || record.action.type !== 'take_back') return null;
  return (record.action as { type: string; to: number }).to;
}

/**
 * Folds logged events onto a known state (a commit's), or onto the setup when there is none.
 * Platform entries change no state, except a take-back, which returns to the state of an earlier
 * version: that version must be among those folded here (from the setup, every one is).
 */
export function replay(
  def: AnyGame,
  meta: GameMeta,
  from: GameState | null,
  events: readonly EventRecord[],
): GameState {
  let state = from ? from.state : initialState(def, meta);
  let version = from ? from.version : 0;
  const forfeited = [...(from?.forfeited ?? [])];
  const seen = new Map<number, unknown>([[version, state]]);
  for (const e of events) {
    if (e.version <= version) continue;
    if (e.version !== version + 1) throw new Error(`event log of ${meta.id} has a gap at ${version + 1}`);
    const to = takenBackTo(e);
    if (to !== null) {
      if (!seen.has(to)) throw new Error(`take-back in ${meta.id} to version ${to}, before this replay began`);
      state = seen.get(to);
    } else if (e.forfeit) forfeited.push(e.seat);
    else if (!e.platform) state = def.apply(state, e.seat, e.action).state;
    version = e.version;
    seen.set(version, state);
  }
  return { state, version, forfeited };
}
