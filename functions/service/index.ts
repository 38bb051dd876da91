import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { GameRegistry } from '../../engine/core/index.js';
import { GameTable } from '../store/game-table.js';
import { ChatTable } from '../store/chat-table.js';
import type { ChatRecord } from '../store/records.js';
import { TimeTable } from '../store/time-table.js';
import { Chat } from './chat.js';
import { Games, type GameTransition, type ReminderNotice } from './games.js';
import { DEFAULT_LIMITS, type Caps } from './limits.js';
import type { Metrics } from './metrics.js';
import { Players } from './players.js';

export interface Services {
  registry: GameRegistry;
  table: GameTable;
  times: TimeTable;
  now: () => Date;
  players: Players;
  games: Games;
  chat: Chat;
}

/** What the notifier must hear of, beyond the table's own writes (locally; in AWS the stream carries it). */
export interface ServiceHooks {
  onTransition?: (t: GameTransition) => void;
  onReminder?: (r: ReminderNotice) => void;
  onChat?: (m: ChatRecord) => void;
  /** Where moves, bot moves and refused moves are counted. */
  metrics?: Metrics;
}

export function createServices(
  db: DynamoDBClient,
  tableName: string,
  registry: GameRegistry,
  now: () => Date = () => new Date(),
  hooks: ServiceHooks = {},
  caps: Caps = DEFAULT_LIMITS.caps,
): Services {
  const table = new GameTable(db, tableName);
  const times = new TimeTable(db, tableName);
  return {
    registry,
    table,
    times,
    now,
    players: new Players(table, times, now),
    games: new Games(table, times, registry, now, hooks.onTransition, hooks.onReminder, caps, hooks.metrics),
    chat: new Chat(table, new ChatTable(db, tableName), now, hooks.onChat, caps),
  };
}
