import {
  BatchGetItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { conditional, type Item, json, n, num, optStr, s, str } from './attributes.js';
import { WriteConflict } from './ports/errors.js';
import { parseVacations } from './player-table.js';
import { dueInIndex } from './due-index.js';
import { keys } from './keys.js';
import type { SeatClock } from '../domain/game.js';
import type { Vacation } from '../domain/player.js';
import type { ReminderClaim, SeatFacts, TimeStore, VacationChange, VacationOutcome } from './ports/times.js';

/** Reminder claims outlive any turn; the table's TTL removes them afterwards. */
const REMINDER_TTL_SECONDS = 180 * 24 * 3600;
const MAX_ATTEMPTS = 20;

/** The table's side of time controls: the sparse deadline index, reminder claims and vacations. */
export class TimeTable implements TimeStore {
  constructor(
    private readonly db: DynamoDBClient,
    readonly tableName: string,
  ) {}

  /** Every game whose next reminder or deadline is at or before `now`, with that time; each shard's most overdue first. */
  async dueGames(now: Date): Promise<{ gameId: string; dueAt: string }[]> {
    return (await dueInIndex(this.db, this.tableName, (shard) => `DUE#${shard}`, now)).map(({ pk, dueAt }) => ({
      gameId: pk.slice('GAME#'.length),
      dueAt,
    }));
  }

  /**
   * Moves the game's entry in the deadline index. `exact` sets what the game read at `version`
   * says (null: nothing is due, the entry leaves the index), unless a newer version was recorded
   * already. `earlier` only ever moves the entry earlier: a move writes it before its commit when
   * its next reminder or deadline comes sooner than the one before, so that the entry is never later
   * than the game's real next time, whatever crashes or lost races follow (the sweeper, finding the
   * entry early, sets it exactly). False when the condition kept the entry as it was.
   */
  async setDue(gameId: string, dueAt: string | null, version: number, how: 'exact' | 'earlier'): Promise<boolean> {
    const newer = '(attribute_not_exists(v) OR v <= :v)';
    try {
      await conditional(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: { pk: s(keys.game(gameId)), sk: s(keys.due) },
            UpdateExpression: dueAt
              ? 'SET dueShard = :shard, dueAt = :dueAt, v = :v'
              : 'SET v = :v REMOVE dueShard, dueAt',
            // An entry is never created only to say that nothing is due.
            ConditionExpression:
              how === 'earlier'
                ? `(attribute_not_exists(dueAt) OR dueAt > :dueAt) AND ${newer}`
                : dueAt
                  ? newer
                  : `attribute_exists(v) AND v <= :v`,
            ExpressionAttributeValues: {
              ':v': n(version),
              ...(dueAt ? { ':shard': s(keys.dueShard(gameId)), ':dueAt': s(dueAt) } : {}),
            },
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  /** Rewrites the clocks of a commit in place (deadlines moved by a vacation); false if the commit is not there. */
  async setClocks(gameId: string, commitKey: number, clocks: readonly SeatClock[]): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: { pk: s(keys.game(gameId)), sk: s(keys.commit(commitKey)) },
            UpdateExpression: 'SET ck = :clocks',
            ConditionExpression: 'attribute_exists(sk)',
            ExpressionAttributeValues: { ':clocks': json(clocks) },
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  /** True for exactly one caller per seat and turn: the one that sends the reminder. */
  async claimReminder(claim: ReminderClaim, now: Date): Promise<boolean> {
    try {
      await conditional(
        this.db.send(
          new PutItemCommand({
            TableName: this.tableName,
            Item: {
              pk: s(keys.game(claim.gameId)),
              sk: s(keys.reminder(claim.seat, claim.dueSince)),
              seat: n(claim.seat),
              deadline: s(claim.deadline),
              version: n(claim.version),
              ttl: n(Math.floor(now.getTime() / 1000) + REMINDER_TTL_SECONDS),
            },
            ConditionExpression: 'attribute_not_exists(sk)',
          }),
        ),
      );
      return true;
    } catch (err) {
      if (err instanceof WriteConflict) return false;
      throw err;
    }
  }

  /** Vacations and credential versions of several players (one request for a game's seats). */
  async seatFactsOf(playerIds: readonly string[]): Promise<Map<string, SeatFacts>> {
    const result = new Map<string, SeatFacts>();
    const unique = [...new Set(playerIds)];
    if (unique.length === 0) return result;
    let request: Record<string, { Keys: Item[]; ConsistentRead: boolean; ProjectionExpression: string }> | undefined = {
      [this.tableName]: {
        Keys: unique.map((id) => ({ pk: s(keys.player(id)), sk: s(keys.profile) })),
        ConsistentRead: true,
        ProjectionExpression: 'pk, vacations, cv',
      },
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
      if (attempt > 0) await new Promise((ok) => setTimeout(ok, Math.min(1000, 25 * 2 ** attempt)));
      const out = await this.db.send(new BatchGetItemCommand({ RequestItems: request }));
      for (const item of out.Responses?.[this.tableName] ?? [])
        result.set(str(item, 'pk').slice('PLAYER#'.length), {
          vacations: parseVacations(optStr(item, 'vacations')),
          credentialVersion: item.cv ? num(item, 'cv') : 0,
        });
      request = out.UnprocessedKeys as typeof request;
    }
    return result;
  }

  /**
   * Changes a player's vacations with `change` applied to what is stored, conditioned on what was
   * read, so concurrent changes both survive. A refused change writes nothing.
   */
  async changeVacations<R>(playerId: string, change: VacationChange<R>): Promise<VacationOutcome<R>> {
    const key = { pk: s(keys.player(playerId)), sk: s(keys.profile) };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.db.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: key,
          ConsistentRead: true,
          ProjectionExpression: 'pk, vacations',
        }),
      );
      if (!current.Item) throw new WriteConflict('no such player');
      const stored = optStr(current.Item, 'vacations');
      const outcome = change(parseVacations(stored));
      if (!outcome.ok) return outcome;
      try {
        await conditional(
          this.db.send(
            new UpdateItemCommand({
              TableName: this.tableName,
              Key: key,
              UpdateExpression: 'SET vacations = :next',
              ConditionExpression:
                stored === undefined
                  ? 'attribute_exists(pk) AND attribute_not_exists(vacations)'
                  : 'vacations = :stored',
              ExpressionAttributeValues: {
                ':next': json(outcome.value),
                ...(stored === undefined ? {} : { ':stored': s(stored) }),
              },
            }),
          ),
        );
        return outcome;
      } catch (err) {
        if (!(err instanceof WriteConflict)) throw err;
      }
    }
    throw new WriteConflict('too many concurrent changes');
  }
}
