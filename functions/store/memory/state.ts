/**
 * What the in-memory stores keep, laid out like the single table's partitions (functions/store/keys.ts):
 * everything under a player goes when the player is deleted, everything under a game stays with
 * the game. The stores share one state because some ports reach into another's items, as they
 * do in DynamoDB (a tombstone hides the profile, a vacation rewrites a commit's clocks).
 */
import type { ChatRecord, CommitRecord, GameMeta, MembershipRecord } from '../../domain/game.js';
import type { LobbyEntry, SeekPool, SeekRecord } from '../../domain/lobby.js';
import type { NotificationChoices } from '../../domain/notifications.js';
import type {
  CodeRecord,
  CredentialRecord,
  NewPlayerRecord,
  PushRecord,
  Vacation,
  WebhookRecord,
} from '../../domain/player.js';
import type { BoardEntry, FinishedGameRecord, RatingEntry, RatingPlan } from '../../domain/ratings.js';
import type { ConnectionRecord } from '../../domain/stream.js';
import type { SheetEntry } from '../ports/digests.js';
import type { BotAccountEntry } from '../ports/bot-accounts.js';

/** The profile item: what `putPlayer` wrote, and what other stores keep on it. */
export interface Profile {
  record: Omit<NewPlayerRecord, 'notifications'>;
  choices?: NotificationChoices;
  vacations?: Vacation[];
  openGames: Set<string>;
  tokenIds: Set<string>;
  deletedAt?: string;
  writing: number;
  writingSince: number;
}

export interface PlayerPartition {
  profile?: Profile;
  memberships: Map<string, MembershipRecord>;
  webhooks: Map<string, WebhookRecord>;
  pushSubscriptions: Map<string, PushRecord>;
  credentials: Map<string, CredentialRecord>;
  emailChange?: CodeRecord;
  /** Each kind's rating log by version, and the newest noted entry of each kind. */
  ratings: Map<string, Map<number, RatingEntry>>;
  latestRatings: Map<string, RatingEntry>;
  /** Finished public games the player sat at, by `finishedAt#gameId`. */
  played: Map<string, FinishedGameRecord>;
  seek?: { rec: Omit<SeekRecord, 'playerId'>; waitingUntil: string };
  digestDueAt?: string;
  digestDays: Set<string>;
  sheets: Map<string, SheetEntry[]>;
  /** Messages about no single game, sent or counted (`playerId#key`: their count, 0 for a claim). */
  sent: Map<string, number>;
  /** The event stream's connection slots, each the connection holding it. */
  streamSlots: (ConnectionRecord | undefined)[];
}

/** The deadline entry of a game: the version it was set at, and the time (absent: nothing due). */
export interface DueEntry {
  version: number;
  dueAt?: string;
}

export interface GamePartition {
  meta?: GameMeta;
  commits: Map<number, CommitRecord>;
  due?: DueEntry;
  chats: Map<string, ChatRecord>;
  chatQuotas: Map<string, number>;
  reminders: Set<string>;
  plan?: RatingPlan;
  /** Messages about the game, sent or counted (`playerId#key`: their count, 0 for a claim). */
  sent: Map<string, number>;
}

/** An address's partition: who owns it, and its sign-in code. */
export interface AddressPartition {
  owner?: string;
  signIn?: CodeRecord;
}

export class MemoryState {
  readonly players = new Map<string, PlayerPartition>();
  readonly games = new Map<string, GamePartition>();
  readonly addresses = new Map<string, AddressPartition>();
  /** Finished public games by game (`*`: all games), each by `finishedAt#gameId`. */
  readonly finished = new Map<string, Map<string, FinishedGameRecord>>();
  readonly lobby = new Map<string, Map<string, LobbyEntry>>();
  readonly pools = new Map<string, Pick<SeekPool, 'waiting' | 'match' | 'revision'>>();
  /** Leaderboard shards by their partition key (`BOARD#<kind>#<shard>`). */
  readonly boards = new Map<string, { entries: BoardEntry[]; revision: number }>();
  /** The directory of bot accounts by `since#playerId`. */
  readonly botDirectory = new Map<string, BotAccountEntry>();

  /** The player's partition, made on first write as a DynamoDB partition is. */
  player(id: string): PlayerPartition {
    let found = this.players.get(id);
    if (!found) {
      found = {
        memberships: new Map(),
        webhooks: new Map(),
        pushSubscriptions: new Map(),
        credentials: new Map(),
        ratings: new Map(),
        latestRatings: new Map(),
        played: new Map(),
        digestDays: new Set(),
        sheets: new Map(),
        sent: new Map(),
        streamSlots: [],
      };
      this.players.set(id, found);
    }
    return found;
  }

  profile(playerId: string): Profile | undefined {
    return this.players.get(playerId)?.profile;
  }

  game(id: string): GamePartition {
    let found = this.games.get(id);
    if (!found) {
      found = { commits: new Map(), chats: new Map(), chatQuotas: new Map(), reminders: new Set(), sent: new Map() };
      this.games.set(id, found);
    }
    return found;
  }

  address(address: string): AddressPartition {
    const key = address.trim().toLowerCase();
    let found = this.addresses.get(key);
    if (!found) {
      found = {};
      this.addresses.set(key, found);
    }
    return found;
  }
}

/** A copy as a store hands it out: what is written is stored as JSON, so no caller shares an object with the store. */
export function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** A map's values in the order of their keys, as a range read of sort keys finds them. */
export function byKey<K extends string | number, V>(map: Map<K, V>, descending = false): V[] {
  const sorted = [...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (descending) sorted.reverse();
  return sorted.map((k) => map.get(k)!);
}

/**
 * Entries of a deadline index due at or before `now`: by shard (`shardOf` names it, as the
 * DynamoDB index does), each shard's most overdue first; all of them, as the paged Query reads them.
 */
export function dueInShards<T extends { dueAt: string }>(
  entries: readonly T[],
  shardOf: (entry: T) => string,
  shards: readonly string[],
  now: Date,
): T[] {
  const at = now.toISOString();
  return shards.flatMap((shard) =>
    entries
      .filter((e) => e.dueAt <= at && shardOf(e) === shard)
      .sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : 0)),
  );
}
