/** Key layout of the single table (docs/architecture.md, "Store: one read, one write"). */
import { createHash } from 'node:crypto';

const SEQ_DIGITS = 10;

/** A challenge's own item, not a party's entry (those sort under `CHALLENGE#`). */
const CHALLENGE_SK = 'CHALLENGE';
const challengeSidePrefix = (side: 'outgoing' | 'incoming') => `CHALLENGE#${side === 'outgoing' ? 'out' : 'in'}#`;

export const keys = {
  game: (id: string) => `GAME#${id}`,
  gamePrefix: 'GAME#',
  player: (id: string) => `PLAYER#${id}`,
  playerPrefix: 'PLAYER#',
  meta: 'META',
  profile: 'PROFILE',
  /**
   * One item per request that changed a game, keyed by the first version it holds (the version its
   * writer read, plus one; 0 for the commit that starts a game), zero-padded so that commits sort
   * by version. Between DUE and META: a backward range read ending at META meets the meta first,
   * then the newest commit, and nothing else.
   */
  commit: (key: number) => `LOG#${String(key).padStart(SEQ_DIGITS, '0')}`,
  commitPrefix: 'LOG#',
  /** Timed games: the game's entry in the sparse deadline index. Sorts before every commit. */
  due: 'DUE',
  membership: (gameId: string) => `GAME#${gameId}`,
  membershipPrefix: 'GAME#',
  /** Under the player's partition; sort after PROFILE, never begin with GAME# (memberships). */
  webhook: (id: string) => `WEBHOOK#${id}`,
  webhookPrefix: 'WEBHOOK#',
  /**
   * Under the player's partition: a webhook endpoint's delivery log, one item per attempt by its
   * sequence number (zero-padded, so a backward read is newest first), and the sequence itself.
   */
  webhookAttempt: (webhookId: string, seq: number) => `WHLOG#${webhookId}#${String(seq).padStart(SEQ_DIGITS, '0')}`,
  webhookAttemptPrefix: (webhookId: string) => `WHLOG#${webhookId}#`,
  webhookSequence: (webhookId: string) => `WHSEQ#${webhookId}`,
  push: (id: string) => `PUSH#${id}`,
  pushPrefix: 'PUSH#',
  /** Under the player's partition: one per browser session or personal access token. */
  credential: (id: string) => `CRED#${id}`,
  credentialPrefix: 'CRED#',
  /** Under the player's partition: the address waiting for confirmation, with its code. */
  emailChange: 'EMAILCHANGE',
  /**
   * An email address's own partition, named by the SHA-256 of its lower-cased form (the address
   * itself is not a key): who owns it (`OWNER`) and its sign-in code (`SIGNIN`).
   */
  emailAddress: (address: string) => `EMAIL#${createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`,
  emailOwner: 'OWNER',
  signInCode: 'SIGNIN',
  /** Sorts before DUE and LOG#, outside the range of a game's read; by game version, then time. */
  chat: (id: string) => `CHAT#${id}`,
  chatPrefix: 'CHAT#',
  /** Sorts after META: one reminder per seat and turn, claimed by a conditional put. */
  reminder: (seat: number, dueSince: string) => `REMIND#${seat}#${dueSince}`,
  reminderPrefix: 'REMIND#',
  /** Sorts after META: how many messages a player wrote there. */
  chatQuota: (playerId: string) => `QUOTA#CHAT#${playerId}`,
  /** Sorts after META: one item per notification sent, so a redelivered stream record sends nothing. */
  sent: (playerId: string, key: string) => `SENT#${playerId}#${key}`,
  /**
   * Under the player's partition: one item per rated game of a kind, keyed by the rating's version
   * (1 for the first game), so that the newest is the player's rating and claiming version n+1 is
   * one conditional put (docs/playing.md, "Ratings").
   */
  rating: (kind: string, version: number) => `RATING#${kind}#${String(version).padStart(SEQ_DIGITS, '0')}`,
  ratingPrefix: (kind: string) => `RATING#${kind}#`,
  /** Under the player's partition: the newest entry of each kind, one attribute per kind (bounded by the catalog). */
  ratings: 'RATINGS',
  /** Sorts after META: the game's rating plan (places and the ratings going in), written once, marked when applied. */
  rated: 'RATED',
  /**
   * A rating kind's leaderboard, in shards (docs/hot-items.md): each keeps the best of the players
   * hashed to it, so that no one item takes every rating update of the kind.
   */
  boardShard: (kind: string, shard: number) => ({ pk: `BOARD#${kind}#${shard}`, sk: 'TOP' }),
  boardShardOf: (playerId: string, shards: number) =>
    createHash('sha256').update(playerId).digest().readUInt16BE(0) % shards,
  /**
   * Finished public games, newest first: in the partition of their game and in the one of all
   * games (`*`), keyed by when they finished, then id; under the player's partition, their own.
   */
  finished: (game: string | null) => `FINISHED#${game ?? '*'}`,
  finishedAt: (at: string, gameId: string) => `${at}#${gameId}`,
  played: (at: string, gameId: string) => `PLAYED#${at}#${gameId}`,
  playedPrefix: 'PLAYED#',
  /** Partition of the sparse deadline index a game's DUE item goes to; shards spread the writes. */
  dueShard: (gameId: string) => `DUE#${createHash('sha256').update(gameId).digest()[0]! % DUE_SHARDS}`,
  /**
   * The lobby (docs/playing.md "Lobby"): one partition per catalog game, one entry per public game waiting
   * for players, by creation time. Entries go when the game fills or expires.
   */
  lobby: (game: string) => `LOBBY#${game}`,
  lobbyEntry: (createdAt: string, gameId: string) => `${createdAt}#${gameId}`,
  /** The players waiting to be matched for one game, seat count and pace: one item, `POOL`. */
  seekPool: (game: string, players: number, pace: string | null) => `SEEKS#${game}#${players}#${pace ?? 'untimed'}`,
  pool: 'POOL',
  /** Under the player's partition: their one seek (waiting, or matched with its game). */
  seek: 'SEEK',
  /**
   * Daily digests, under the player's partition: `DIGESTDUE` is the player's entry in
   * the deadline index (in shards of its own, `DIGEST#<n>`, which the game sweep never reads); one
   * `DIGEST#<day>` item claims each day's digest; a `SHEET#<id>` item maps the labels of one
   * digest email (A, B, …) to the games it listed, for the reply.
   */
  digestDue: 'DIGESTDUE',
  digestDay: (day: string) => `DIGEST#${day}`,
  digestDayPrefix: 'DIGEST#',
  digestShard: (playerId: string) => `DIGEST#${createHash('sha256').update(playerId).digest()[0]! % DUE_SHARDS}`,
  digestShardOf: (shard: number) => `DIGEST#${shard}`,
  sheet: (id: string) => `SHEET#${id}`,
  /**
   * The event stream (functions/store/connection-table.ts): under the player's partition one
   * item per connection slot, holding the connection in it; an item per connection naming its
   * player and slot; per game one item per connection watching it; single-use tickets by hash.
   */
  streamSlot: (slot: number) => `STREAM#${slot}`,
  streamSlotPrefix: 'STREAM#',
  connection: (id: string) => ({ pk: `CONN#${id}`, sk: 'CONN' }),
  watchers: (gameId: string) => `WATCHERS#${gameId}`,
  watcher: (connectionId: string) => `CONN#${connectionId}`,
  watcherPrefix: 'CONN#',
  streamTicket: (hash: string) => ({ pk: `TICKET#${hash}`, sk: 'TICKET' }),
  /**
   * Challenges (docs/challenges.md): each in its own partition, and one entry in each party's
   * partition (`CHALLENGE#out#…` for the challenger, `CHALLENGE#in#…` for the opponent) by
   * creation time, carrying a copy of it. All of them expire with it (`ttl`).
   */
  challenge: (id: string) => ({ pk: `CHALLENGE#${id}`, sk: CHALLENGE_SK }),
  /** The sort key of a challenge's own item (the notifier's stream filter picks it out). */
  challengeItem: CHALLENGE_SK,
  challengeEntry: (side: 'outgoing' | 'incoming', createdAt: string, id: string) =>
    `${challengeSidePrefix(side)}${createdAt}#${id}`,
  challengeSidePrefix,
  challengePrefix: 'CHALLENGE#',
  /**
   * The directory of bot accounts (docs/accounts.md "Bot accounts"): one partition, one item per
   * bot account keyed by when it became one, then its id; written only at an upgrade and a deletion.
   */
  botDirectory: 'BOTS',
  botEntry: (since: string, playerId: string) => `${since}#${playerId}`,
  /** The table's own item: which layout its items follow. */
  format: { pk: 'TABLE', sk: 'FORMAT' },
};

/** The index the sweeper reads: only DUE items of running timed games carry its keys. */
export const DEADLINE_INDEX = 'Deadlines';
export const DUE_SHARDS = 4;
/** Shards of each leaderboard: 1,000 rating updates a second leave each well under an item's write ceiling (docs/hot-items.md). */
export const BOARD_SHARDS = 32;

export function commitKeyOf(sk: string): number {
  return Number(sk.slice(keys.commitPrefix.length));
}
