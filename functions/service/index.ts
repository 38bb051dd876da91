import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { GameRegistry } from '../../engine/core/index.js';
import { GameTable } from '../store/game-table.js';
import { Games, type GameTransition } from './games.js';
import { Players } from './players.js';

export interface Services {
  registry: GameRegistry;
  table: GameTable;
  players: Players;
  games: Games;
}

export function createServices(
  db: DynamoDBClient,
  tableName: string,
  registry: GameRegistry,
  now: () => Date = () => new Date(),
  onTransition?: (t: GameTransition) => void,
): Services {
  const table = new GameTable(db, tableName);
  return { registry, table, players: new Players(table, now), games: new Games(table, registry, now, onTransition) };
}
