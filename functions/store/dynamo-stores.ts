import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AccountDeletionTable } from './account-deletion.js';
import { AccountTable } from './account-table.js';
import { ChallengeTable } from './challenge-table.js';
import { ChatTable } from './chat-table.js';
import { ConnectionTable } from './connection-table.js';
import { DeliveryLog } from './delivery-log.js';
import { DigestTable } from './digest-table.js';
import { FinishedTable } from './finished-table.js';
import { GameLogTable } from './game-log-table.js';
import { HoldSlots } from './hold-slots.js';
import { limitsStoreClient } from './limits-table.js';
import { LobbyTable } from './lobby-table.js';
import { PlayerTable } from './player-table.js';
import type { Stores } from './ports/stores.js';
import { RatingsTable } from './ratings-table.js';
import { StreamTicketTable } from './stream-ticket-table.js';
import { PUSH_SUBSCRIPTIONS, SubscriptionTable, WEBHOOKS } from './subscription-table.js';
import { TimeTable } from './time-table.js';
import { WebhookAttemptLog } from './webhook-attempt-log.js';

/** Where held views are counted across processes (RP-WAIT-1), and the longest a hold lasts. */
export interface HeldViews {
  limitsTable: string;
  longestMs: number;
}

/** Every store on one DynamoDB table; held views counted in the limits table when it is given. */
export function dynamoStores(db: DynamoDBClient, tableName: string, heldViews?: HeldViews): Stores {
  return {
    games: new GameLogTable(db, tableName),
    players: new PlayerTable(db, tableName),
    webhooks: new SubscriptionTable(db, tableName, WEBHOOKS),
    webhookAttempts: new WebhookAttemptLog(db, tableName),
    pushSubscriptions: new SubscriptionTable(db, tableName, PUSH_SUBSCRIPTIONS),
    ratings: new RatingsTable(db, tableName),
    finished: new FinishedTable(db, tableName),
    lobby: new LobbyTable(db, tableName),
    challenges: new ChallengeTable(db, tableName),
    times: new TimeTable(db, tableName),
    chats: new ChatTable(db, tableName),
    digests: new DigestTable(db, tableName),
    deliveries: new DeliveryLog(db, tableName),
    accounts: new AccountTable(db, tableName),
    deletion: new AccountDeletionTable(db, tableName),
    connections: new ConnectionTable(db, tableName),
    streamTickets: new StreamTicketTable(db, tableName),
    ...(heldViews
      ? { holdSlots: new HoldSlots(limitsStoreClient(db), heldViews.limitsTable, heldViews.longestMs) }
      : {}),
  };
}
