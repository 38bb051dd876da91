import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { GameRegistry } from '../../engine/core/index.js';
import { GameTable } from '../store/game-table.js';
import { TimeTable } from '../store/time-table.js';
import { Games, type GameTransition, type ReminderNotice } from './games.js';
import { Players } from './players.js';

export interface Services {
  registry: GameRegistry;
  table: GameTable;
  times: TimeTable;
  now: () => Date;
  players: Players;
  games: Games;
}

export function createServices(
  db: DynamoDBClient,
  tableName: string,
  registry: GameRegistry,
  now: () => Date = () => new Date(),
  onTransition?: (t: GameTransition) => void,
  onReminder?: (r: ReminderNotice) => void,
): Services {
  const table = new GameTable(db, tableName);
  const times = new TimeTable(db, tableName);
  return { registry, table, times, now, players: new Players(table, times, now), games: new Games(table, times, registry, now, onTransition, onReminder) };
}
