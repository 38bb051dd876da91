/** Records the conformance suite writes, and how it counts the outcome of a race. */
import { randomUUID } from 'node:crypto';
import { WriteConflict } from '../../../functions/store/ports/errors.js';
import { resolveNotifications } from '../../../functions/domain/notifications.js';
import type { ChatRecord, CommitRecord, EventRecord, GameMeta } from '../../../functions/domain/game.js';
import type { NewPlayerRecord, PlayerRecord, WebhookRecord } from '../../../functions/domain/player.js';
import type { GameLog } from '../../../functions/store/ports/game-log.js';

export const uid = () => randomUUID().slice(0, 8);

/** The game of the suite's records: a fixture game, with no commit dictionary. */
export const FIXTURE_GAME = 'high-card';

export function gameMeta(id: string, over: Partial<GameMeta> = {}): GameMeta {
  return {
    id,
    game: FIXTURE_GAME,
    options: { rounds: 2, handSize: 3, nested: { list: [1, 2, 3], flag: true } },
    players: 2,
    seats: [
      { playerId: 'p-anna', name: 'Anna', bot: false },
      { playerId: null, name: null, bot: false },
    ],
    status: 'open',
    createdAt: '2026-11-21T10:00:00.000Z',
    createdBy: 'p-anna',
    inviteCode: 'INV-' + id,
    seedCommitment: 'c0ffee'.padEnd(64, '0'),
    seed: `top-secret-seed-${id}`,
    rulesRevision: '2026-11-29',
    revision: 1,
    ...over,
  };
}

export function record(version: number, over: Partial<EventRecord> = {}): EventRecord {
  return {
    version,
    seat: version % 2,
    playerId: `p-${version % 2}`,
    action: { type: 'draw' },
    events: [
      {
        type: 'draw',
        data: { seat: version % 2, card: version },
        visibleTo: [version % 2],
        redacted: { type: 'draw', data: { seat: version % 2 } },
      },
    ],
    toAct: [(version + 1) % 2],
    at: new Date(Date.UTC(2026, 10, 21, 10, 0, version)).toISOString(),
    ...over,
  };
}

/** A commit holding versions `key`..`version` (none for a start commit at version 0), with a small state. */
export function commit(key: number, version: number, over: Partial<CommitRecord> = {}): CommitRecord {
  const first = Math.max(key, 1);
  return {
    key,
    version,
    records: Array.from({ length: version - first + 1 }, (_, i) => record(first + i)),
    before: [key % 2],
    toAct: [version % 2],
    status: 'active',
    state: { secretDeck: [3, 1, 2], version },
    forfeited: [],
    recentKeys: {},
    at: new Date(Date.UTC(2026, 10, 21, 10, 0, version)).toISOString(),
    ...over,
  };
}

export function player(id: string, over: Partial<NewPlayerRecord> = {}): NewPlayerRecord {
  return { id, name: 'Anna', tokenHash: 'h'.repeat(64), createdAt: '2026-11-21T10:00:00.000Z', ...over };
}

/** A player as getPlayer returns it: with the notification settings resolved (defaults unless chosen). */
export function read(p: NewPlayerRecord): PlayerRecord {
  return { ...p, notifications: resolveNotifications(p.notifications, Boolean(p.email)), vacations: [] };
}

/** Settles all promises and counts winners and WriteConflict losers; any other error fails. */
export async function race<T>(writes: Promise<T>[]): Promise<{ won: number[]; conflicts: number }> {
  const results = await Promise.allSettled(writes);
  const won: number[] = [];
  let conflicts = 0;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') won.push(i);
    else if (r.reason instanceof WriteConflict) conflicts++;
    else throw r.reason;
  });
  return { won, conflicts };
}

// ---------------------------------------------------------------- the table infra deploys

/** Commits of 1..3 versions each, keyed by their first version, and a start commit holding two opening moves. */
export async function writeLog(table: GameLog, id: string, last: number): Promise<CommitRecord[]> {
  const written: CommitRecord[] = [commit(0, 2)];
  for (let key = 3; key <= last; key += 1 + (key % 3)) written.push(commit(key, Math.min(last, key + (key % 3))));
  // Written out of order on purpose: the order comes from the zero-padded sort key.
  for (const c of [...written].sort((a, b) => String(a.key).localeCompare(String(b.key))))
    await table.putCommit(id, c, FIXTURE_GAME);
  return written;
}

export const versionsOf = (commits: CommitRecord[], after: number) =>
  commits
    .flatMap((c) => c.records)
    .map((r) => r.version)
    .filter((v) => v > after);

export const hook = (playerId: string, over: Partial<WebhookRecord> = {}): WebhookRecord => ({
  playerId,
  id: `wh-${uid()}`,
  url: 'https://hooks.example.org/railpost',
  secret: `whsec_${Buffer.from(uid()).toString('base64')}`,
  events: ['yourTurn', 'gameFinished'],
  createdAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

/** A message of Anna's at seat 0, written at `version`. */
export const chatMessage = (gameId: string, id: string, version: number): ChatRecord => ({
  gameId,
  id,
  seat: 0,
  playerId: 'p-anna',
  name: 'Anna',
  text: 'hi',
  at: '2026-11-21T10:00:00.000Z',
  version,
});
