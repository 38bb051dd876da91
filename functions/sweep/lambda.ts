import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createRegistry } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { jsonLogger } from '../api/json-logger.js';
import { createServices } from '../service/index.js';
import { Sweeper, type SweepReport } from '../service/sweeper.js';

const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');

// Timeouts and reminders are written to the table; the stream notifier tells the players.
const services = createServices(new DynamoDBClient({}), tableName, createRegistry(catalogGames));
const sweeper = new Sweeper(services.times, services.games, services.now, (message, details) => jsonLogger.info(message, details));

/** EventBridge calls this every minute. */
export async function handler(): Promise<SweepReport> {
  const report = await sweeper.sweep();
  if (report.games > 0) jsonLogger.info('sweep', { ...report });
  return report;
}
