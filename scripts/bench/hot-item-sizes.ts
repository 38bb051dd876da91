/**
 * The items many players write (docs/hot-items.md), each written once through its own store on
 * dynalite in this process, with the size DynamoDB bills it and the write units of that write.
 */
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SeekEntry } from '../../functions/domain/lobby.js';
import { FinishedTable } from '../../functions/store/finished-table.js';
import { LobbyTable } from '../../functions/store/lobby-table.js';
import { keys } from '../../functions/store/keys.js';
import { TimeTable } from '../../functions/store/time-table.js';
import { traceCalls, type TracedCall } from '../../functions/store/trace.js';

const id = () => randomBytes(12).toString('base64url');
const at = '2026-11-29T05:30:00.000Z';
const seeker = (): SeekEntry => ({ seekId: id(), playerId: id(), name: 'Railway Ann', at });

/** Bytes and write units of each item, by what it is. */
export async function hotItemSizes(
  db: DynamoDBClient,
  table: string,
): Promise<Record<string, { bytes: number; wcu: number }>> {
  const sizes: Record<string, { bytes: number; wcu: number }> = {};
  const calls: TracedCall[] = [];
  const stop = traceCalls(db, (c) => calls.push(c));
  const measure = async (what: string, write: () => Promise<unknown>) => {
    const from = calls.length;
    await write();
    const [first] = calls.slice(from).filter((c) => c.kind === 'write');
    sizes[what] = { bytes: first!.itemBytes, wcu: first!.units };
  };
  const lobby = new LobbyTable(db, table);
  await measure('lobby entry (LOBBY#<game>)', () => lobby.putEntry({ game: 'europe', gameId: id(), createdAt: at }));
  const pool = { key: keys.seekPool('europe', 5, null), game: 'europe', players: 5, pace: null };
  await measure('seek pool, 4 waiting (SEEKS#…/POOL)', () =>
    lobby.writePool({ ...pool, waiting: [seeker(), seeker(), seeker(), seeker()], revision: 0 }),
  );
  const seats = Array.from({ length: 5 }, (_, seat) => ({
    seat,
    name: 'Railway Ann',
    playerId: id(),
    bot: false,
    place: seat + 1,
    score: 100 - seat,
    forfeited: false,
  }));
  await measure('finished game, 5 seats (FINISHED#*)', () =>
    new FinishedTable(db, table).put({ gameId: id(), game: 'europe', finishedAt: at, seats, rated: true }),
  );
  await measure('deadline entry (GAME#id/DUE, index DUE#n)', () =>
    new TimeTable(db, table).setDue(id(), at, 7, 'earlier'),
  );
  stop();
  return sizes;
}
