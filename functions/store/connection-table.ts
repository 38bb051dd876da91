/**
 * The event stream's connections in the single table (docs/architecture.md, "Items and keys"):
 * - the player's slots, one item each under the player's partition (`PLAYER#id`/`STREAM#<n>`),
 *   holding the whole connection in it. A slot is taken with a conditional put (never taken, or
 *   its holder expired), so a player has `cap` connections at most however many open at once;
 *   `ofPlayer` is one Query; deleting the account's partition takes the slots with it.
 * - one item per connection (`CONN#id`/`CONN`) naming its player and slot: all that a socket's
 *   own events (API Gateway's connectionId) have to go on.
 * - per game one item per connection watching it (`WATCHERS#game`/`CONN#id`).
 * Every item carries its connection's end (`until`, ms) and expires through the table's TTL
 * after it; reads skip an ended one, since the TTL may take a while to remove it.
 */
import {
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { ifLanded, type Item, json, landed, n, num, parsed, s, str } from './attributes.js';
import { keys } from './keys.js';
import { WriteConflict } from './ports/errors.js';
import { queryItems } from './query-items.js';
import type { ConnectionStore, Opened, WatchCaps } from './ports/connections.js';
import type { ConnectionRecord } from '../domain/stream.js';

/** Items outlive their connection by this much: the record's `until` says when it ended, the TTL only tidies up. */
const TTL_GRACE_SECONDS = 60;
/** Rounds of removing a game from a connection's list; each lost round is another change of that one list. */
const MAX_ATTEMPTS = 5;

const untilOf = (c: { expiresAt: string }) => Date.parse(c.expiresAt);
const ttlOf = (until: number) => n(Math.ceil(until / 1000) + TTL_GRACE_SECONDS);
const live = (item: Item, now: Date) => num(item, 'until') > now.getTime();
/** `until` is a reserved word of DynamoDB's expressions. */
const UNTIL = { '#until': 'until' };

export class ConnectionTable implements ConnectionStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  /**
   * Tries the slots that were free when read, in order: a put that loses its condition lost the
   * slot to a live connection, so when every one is lost the player has `cap` live ones. The
   * connection's own item is written first, so a slot never names a connection that has none.
   */
  async open(c: Omit<ConnectionRecord, 'slot' | 'games'>, cap: number, now: Date): Promise<Opened> {
    const held = new Map<number, Item>();
    for await (const item of this.slots(c.playerId)) held.set(num(item, 'slot'), item);
    const free = Array.from({ length: cap }, (_, slot) => slot).filter((slot) => {
      const holder = held.get(slot);
      return !holder || !live(holder, now);
    });
    const until = untilOf(c);
    for (const slot of free) {
      const connection: ConnectionRecord = { ...c, slot, games: [] };
      await this.put({
        ...keyOf(keys.connection(c.id)),
        playerId: s(c.playerId),
        slot: n(slot),
        until: n(until),
        ttl: ttlOf(until),
      });
      const taken = await landed(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: { ...this.slotKey(c.playerId, slot), ...slotAttributes(connection) },
            ConditionExpression: 'attribute_not_exists(sk) OR #until <= :now',
            ExpressionAttributeNames: UNTIL,
            ExpressionAttributeValues: { ':now': n(now.getTime()) },
          }),
        ),
      );
      if (taken) {
        const previous = held.get(slot);
        if (previous && str(previous, 'conn') !== c.id) await this.forget(parseSlot(previous));
        return { ok: true, connection };
      }
    }
    if (free.length > 0) await this.delete(keyOf(keys.connection(c.id)));
    return { ok: false, limit: cap };
  }

  async get(id: string, now: Date): Promise<ConnectionRecord | null> {
    const held = await this.held(id);
    return held && live(held, now) ? parseSlot(held) : null;
  }

  /** Its slot is freed only if it still holds it: a slot taken over after the connection ended is the new holder's. */
  async close(id: string): Promise<ConnectionRecord | null> {
    const link = await this.delete(keyOf(keys.connection(id)));
    if (!link) return null;
    const slot = (
      await ifLanded(
        this.db.send(
          new DeleteItemCommand({
            TableName: this.tableName,
            Key: this.slotKey(str(link, 'playerId'), num(link, 'slot')),
            ConditionExpression: 'conn = :id',
            ExpressionAttributeValues: { ':id': s(id) },
            ReturnValues: 'ALL_OLD',
          }),
        ),
      )
    )?.Attributes;
    if (!slot) return null;
    const connection = parseSlot(slot);
    await this.unwatchAll(connection);
    return connection;
  }

  async ofPlayer(playerId: string, now: Date): Promise<ConnectionRecord[]> {
    const out: ConnectionRecord[] = [];
    for await (const item of this.slots(playerId)) if (live(item, now)) out.push(parseSlot(item));
    return out.sort((a, b) => a.slot - b.slot);
  }

  /**
   * The per-game cap is a count of the live watchers (one Query) before the put: watchers racing
   * for the game's last places can pass it by at most the number racing at once. The
   * per-connection cap is exact (a conditional update of the connection's list).
   */
  async watch(id: string, gameId: string, caps: WatchCaps, now: Date): Promise<boolean> {
    const connection = await this.get(id, now);
    if (!connection) return false;
    if (connection.games.includes(gameId)) return true;
    if (connection.games.length >= caps.perConnection) return false;
    if ((await this.watchersOf(gameId, now)).length >= caps.perGame) return false;
    const added = await landed(
      this.db.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.slotKey(connection.playerId, connection.slot),
          UpdateExpression: 'SET games = list_append(games, :game)',
          ConditionExpression: 'conn = :id AND size(games) < :cap AND NOT contains(games, :gameId)',
          ExpressionAttributeValues: {
            ':game': { L: [s(gameId)] },
            ':id': s(id),
            ':cap': n(caps.perConnection),
            ':gameId': s(gameId),
          },
        }),
      ),
    );
    // Lost to another change of the list: watching it now is a success, anything else a refusal.
    if (!added) return (await this.get(id, now))?.games.includes(gameId) ?? false;
    const until = untilOf(connection);
    await this.put({ pk: s(keys.watchers(gameId)), sk: s(keys.watcher(id)), until: n(until), ttl: ttlOf(until) });
    return true;
  }

  async unwatch(id: string, gameId: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const held = await this.held(id);
      const index = held ? parseSlot(held).games.indexOf(gameId) : -1;
      if (!held || index < 0) break;
      if (attempt === MAX_ATTEMPTS) throw new WriteConflict('too many concurrent changes of a connection');
      const removed = await landed(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: { pk: held.pk!, sk: held.sk! },
            UpdateExpression: `REMOVE games[${index}]`,
            ConditionExpression: `conn = :id AND games[${index}] = :gameId`,
            ExpressionAttributeValues: { ':id': s(id), ':gameId': s(gameId) },
          }),
        ),
      );
      if (removed) break;
    }
    await this.delete({ pk: s(keys.watchers(gameId)), sk: s(keys.watcher(id)) });
  }

  async watchersOf(gameId: string, now: Date): Promise<string[]> {
    const out: string[] = [];
    for await (const item of this.watchers(gameId))
      if (live(item, now)) out.push(str(item, 'sk').slice(keys.watcherPrefix.length));
    return out;
  }

  /** The slot item of a connection, when its slot still names it (ended or not). */
  private async held(id: string): Promise<Item | null> {
    const link = await this.read(keyOf(keys.connection(id)));
    if (!link) return null;
    const slot = await this.read(this.slotKey(str(link, 'playerId'), num(link, 'slot')));
    return slot && str(slot, 'conn') === id ? slot : null;
  }

  /** An ended connection whose slot was taken over: its own item and its watches go. */
  private async forget(ended: ConnectionRecord): Promise<void> {
    await this.delete(keyOf(keys.connection(ended.id)));
    await this.unwatchAll(ended);
  }

  private async unwatchAll(connection: ConnectionRecord): Promise<void> {
    for (const game of connection.games)
      await this.delete({ pk: s(keys.watchers(game)), sk: s(keys.watcher(connection.id)) });
  }

  private slots(playerId: string) {
    return queryItems(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': s(keys.player(playerId)), ':prefix': s(keys.streamSlotPrefix) },
      ConsistentRead: true,
    });
  }

  private watchers(gameId: string) {
    return queryItems(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': s(keys.watchers(gameId)) },
      ConsistentRead: true,
    });
  }

  private slotKey(playerId: string, slot: number): Item {
    return { pk: s(keys.player(playerId)), sk: s(keys.streamSlot(slot)) };
  }

  private async read(key: Item): Promise<Item | null> {
    const out = await this.db.send(new GetItemCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    return out.Item ?? null;
  }

  private async put(item: Item): Promise<void> {
    await this.db.send(new PutItemCommand({ TableName: this.tableName, Item: item }));
  }

  /** Deletes the item; what it held, if it was there. */
  private async delete(key: Item): Promise<Item | undefined> {
    const out = await this.db.send(
      new DeleteItemCommand({ TableName: this.tableName, Key: key, ReturnValues: 'ALL_OLD' }),
    );
    return out.Attributes;
  }
}

const keyOf = (key: { pk: string; sk: string }): Item => ({ pk: s(key.pk), sk: s(key.sk) });

function slotAttributes(c: ConnectionRecord): Item {
  const until = untilOf(c);
  const { games, ...rest } = c;
  return {
    conn: s(c.id),
    slot: n(c.slot),
    record: json(rest),
    games: { L: games.map(s) },
    until: n(until),
    ttl: ttlOf(until),
  };
}

function parseSlot(item: Item): ConnectionRecord {
  return {
    ...parsed<Omit<ConnectionRecord, 'games'>>(item, 'record'),
    games: (item.games?.L ?? []).map((v) => v.S ?? ''),
  };
}
