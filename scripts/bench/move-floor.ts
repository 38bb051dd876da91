// What both floors of a move (move-path-alone.ts, move-path-served.ts) build at import, as
// functions/api/lambda.ts builds it: the DynamoDB client, the store, the player and game services
// (authentication, the conditional commit, bots) over the lazy game registry, and Powertools
// Logger and Metrics; and the one thing a move does, validated by a zod/mini schema
// (the lightest validation zod offers, with no OpenAPI metadata).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as z from 'zod/mini';
import { createRegistry } from '../../engine/core/index.js';
import { catalogSources } from '../../engine/games/on-demand.js';
import { observability } from '../../functions/observability/powertools.js';
import { Digests } from '../../functions/service/digests.js';
import { levelBots } from '../../functions/service/bots.js';
import { GameLog } from '../../functions/service/game-log.js';
import { Play } from '../../functions/service/play.js';
import { Players } from '../../functions/service/players.js';
import type { PlayerRecord } from '../../functions/domain/player.js';
import { dynamoStores } from '../../functions/store/dynamo-stores.js';
import { gameTable } from '../../functions/store/ports/stores.js';
import { LAMBDA_CLIENT_CONFIG } from '../../functions/store/lambda-client.js';
import { BOT_TURNS_QUEUE_URL, sqsBotTurns } from '../../functions/bots/sqs-bot-turns.js';
import { requiredEnv } from '../../functions/observability/env.js';

const tableName = process.env.TABLE_NAME ?? 'railpost';
export const { logger, middlewares } = observability('api');
export const db = new DynamoDBClient(LAMBDA_CLIENT_CONFIG);
const now = () => new Date();
const stores = dynamoStores(db, tableName);
const table = gameTable(stores);
const times = stores.times;
export const players = new Players(
  table,
  times,
  now,
  stores.accounts,
  new Digests(stores.players, stores.digests, now),
);
const play = new Play(
  table,
  new GameLog({
    table,
    times,
    registry: createRegistry(catalogSources),
    now,
    onTransition: () => {},
    bots: levelBots,
    botTurns: sqsBotTurns(requiredEnv(BOT_TURNS_QUEUE_URL)),
  }),
);

const Body = z.object({ action: z.looseObject({ type: z.string() }), expectedVersion: z.number() });

/**
 * Plays the posted action for `player`: the answer's body, as the API's move route answers it; a
 * refused move's refusal is thrown, for the served floor's error handler to answer as the API does.
 */
export async function move(player: PlayerRecord, gameId: string, posted: unknown, idempotencyKey: string | undefined) {
  const moved = await play.act(player, gameId, { ...Body.parse(posted), idempotencyKey });
  if (!moved.ok) throw moved.refusal;
  return moved.value.body;
}
