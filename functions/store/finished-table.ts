/**
 * Finished public games (docs/playing.md, "Profiles and search"): an index by game (and of all games) and
 * each player's own list, newest first. Items are written whole and the same each time, so a
 * repeated write changes nothing; reads are pages of a bounded size.
 */
import { PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type Item, json, parsed, s, str } from './attributes.js';
import { keys } from './keys.js';
import type { FinishedGameRecord } from '../domain/ratings.js';
import type { FinishedKey, FinishedPage, FinishedStore } from './ports/finished.js';

/** Items one search reads at most while filtering by a player's name (then it hands back a cursor). */
const SEARCH_READ_BUDGET = 500;

export class FinishedTable implements FinishedStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  /** Into the index of its game and of all games, and into each seated person's list. */
  async put(g: FinishedGameRecord): Promise<void> {
    const attributes: Item = {
      gameId: s(g.gameId),
      game: s(g.game),
      finishedAt: s(g.finishedAt),
      seats: json(g.seats),
      names: s(namesOf(g)),
      ...(g.rated === undefined ? {} : { rated: { BOOL: g.rated } }),
    };
    const sk = keys.finishedAt(g.finishedAt, g.gameId);
    const items: Item[] = [
      { pk: s(keys.finished(g.game)), sk: s(sk), ...attributes },
      { pk: s(keys.finished(null)), sk: s(sk), ...attributes },
      ...g.seats.flatMap((seat) =>
        seat.playerId
          ? [{ pk: s(keys.player(seat.playerId)), sk: s(keys.played(g.finishedAt, g.gameId)), ...attributes }]
          : [],
      ),
    ];
    await Promise.all(items.map((Item) => this.db.send(new PutItemCommand({ TableName: this.tableName, Item }))));
  }

  /** Finished public games of `game` (all games: null), newest first; `name` narrows to games with a seat of that name (any part, any case). */
  async search(
    game: string | null,
    name: string | null,
    limit: number,
    after: FinishedKey | null,
  ): Promise<FinishedPage> {
    return this.page(keys.finished(game), '', name, limit, after);
  }

  /** The player's finished public games, newest first. */
  async playedBy(playerId: string, limit: number, after: FinishedKey | null): Promise<FinishedPage> {
    return this.page(keys.player(playerId), keys.playedPrefix, null, limit, after);
  }

  private async page(
    pk: string,
    prefix: string,
    name: string | null,
    limit: number,
    after: FinishedKey | null,
  ): Promise<FinishedPage> {
    const items: FinishedGameRecord[] = [];
    const upper = after ? s(`${prefix}${keys.finishedAt(after[0], after[1])}`) : s(`${prefix}~`);
    let start: Item | undefined;
    let read = 0;
    for (;;) {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          // DynamoDB refuses an empty key value: the index of games has no prefix to start from.
          KeyConditionExpression: prefix ? 'pk = :pk AND sk BETWEEN :from AND :to' : 'pk = :pk AND sk <= :to',
          ExpressionAttributeValues: {
            ':pk': s(pk),
            ...(prefix ? { ':from': s(prefix) } : {}),
            ':to': upper,
            ...(name ? { ':name': s(name.toLowerCase()) } : {}),
          },
          ...(name
            ? { FilterExpression: 'contains(#names, :name)', ExpressionAttributeNames: { '#names': 'names' } }
            : {}),
          ScanIndexForward: false,
          // One more than asked for tells whether more follow.
          Limit: name ? Math.min(100, SEARCH_READ_BUDGET - read) : limit + 1 - items.length,
          ExclusiveStartKey: start,
        }),
      );
      read += page.ScannedCount ?? 0;
      for (const item of page.Items ?? []) {
        // The upper bound itself is the last game of the previous page.
        if (after && str(item, 'gameId') === after[1] && str(item, 'finishedAt') === after[0]) continue;
        items.push(parseFinished(item));
      }
      start = page.LastEvaluatedKey;
      if (items.length > limit) {
        const shown = items.slice(0, limit);
        const last = shown.at(-1)!;
        return { items: shown, next: [last.finishedAt, last.gameId] };
      }
      if (!start) return { items, next: null };
      if (name && read >= SEARCH_READ_BUDGET) {
        // Nothing more within this search's budget: the cursor resumes after what was read.
        const sk = start.sk?.S ?? '';
        const [at, id] = splitKey(sk.slice(prefix.length));
        return { items, next: [at, id] };
      }
    }
  }
}

/** Every seat's name, lower-cased, for `contains` filters (a separator no name has between them). */
function namesOf(g: FinishedGameRecord): string {
  return g.seats.map((seat) => (seat.name ?? '').toLowerCase()).join('\n');
}

function splitKey(key: string): [string, string] {
  const i = key.lastIndexOf('#');
  return [key.slice(0, i), key.slice(i + 1)];
}

function parseFinished(item: Item): FinishedGameRecord {
  return {
    gameId: str(item, 'gameId'),
    game: str(item, 'game'),
    finishedAt: str(item, 'finishedAt'),
    seats: parsed(item, 'seats'),
    ...(item.rated?.BOOL === undefined ? {} : { rated: item.rated.BOOL }),
  };
}
