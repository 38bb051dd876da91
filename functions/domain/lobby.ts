/** The lobby: public games waiting for players, and seeks (docs/playing.md "Lobby"). */
/** A public game waiting for players, as the lobby lists it (the game's meta says the rest). */
export interface LobbyEntry {
  game: string;
  gameId: string;
  createdAt: string;
}

/** One player waiting in a seek pool. */
export interface SeekEntry {
  seekId: string;
  playerId: string;
  name: string;
  at: string;
  /** The seeker is a bot account: their seat shows it. */
  botAccount?: true;
}

/**
 * The players waiting for one game, seat count and pace. `waiting` never holds a full table: the
 * write that would fill one moves those players into `match` instead, and whoever reads the pool
 * next with a `match` in it finishes that match (creates its game, tells its seekers) first.
 */
export interface SeekPool {
  key: string;
  game: string;
  players: number;
  pace: string | null;
  waiting: SeekEntry[];
  match?: { gameId: string; seekers: SeekEntry[] };
  /** 0 for a pool never written; bumped by every write, which is conditioned on it. */
  revision: number;
}

/** A player's one seek, under their partition. */
export interface SeekRecord {
  id: string;
  playerId: string;
  game: string;
  players: number;
  pace: string | null;
  createdAt: string;
  expiresAt: string;
  status: 'waiting' | 'matched';
  gameId?: string;
}
