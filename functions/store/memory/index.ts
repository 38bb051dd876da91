/**
 * Every store in memory: the twin of `dynamoStores` (functions/store/dynamo-stores.ts), with the
 * same conditions, caps, orders and pages, which test/store/ holds both to. For tests of what the
 * service does with what it stores, and for anything that needs a store without a table. Nothing
 * expires (no TTL) and nothing outlives the process.
 */
import type { Stores } from '../ports/stores.js';
import { MemoryAccountDeletion } from './account-deletion.js';
import { MemoryAccounts } from './accounts.js';
import { MemoryChallenges } from './challenges.js';
import { MemoryChats } from './chats.js';
import { MemoryConnections, MemoryStreamTickets } from './connections.js';
import { MemoryDeliveries } from './deliveries.js';
import { MemoryDigests } from './digests.js';
import { MemoryFinished } from './finished.js';
import { MemoryGameLog } from './game-log.js';
import { MemoryHoldSlots } from './hold-slots.js';
import { MemoryLobby } from './lobby.js';
import { MemoryPlayers } from './players.js';
import { MemoryRatings } from './ratings.js';
import { MEMORY_PUSH_SUBSCRIPTIONS, MEMORY_WEBHOOKS, MemorySubscriptions } from './subscriptions.js';
import { MemoryState } from './state.js';
import { MemoryTimes } from './times.js';
import { MemoryWebhookAttempts } from './webhook-attempts.js';

/** Held views counted in the store (as with the limits table), on this clock. */
export interface MemoryHeldViews {
  now?: () => number;
}

/** Every store on one fresh in-memory state; held views counted in it when `heldViews` is given. */
export function memoryStores(heldViews?: MemoryHeldViews): Stores {
  const state = new MemoryState();
  return {
    games: new MemoryGameLog(state),
    players: new MemoryPlayers(state),
    webhooks: new MemorySubscriptions(state, MEMORY_WEBHOOKS),
    webhookAttempts: new MemoryWebhookAttempts(state),
    pushSubscriptions: new MemorySubscriptions(state, MEMORY_PUSH_SUBSCRIPTIONS),
    ratings: new MemoryRatings(state),
    finished: new MemoryFinished(state),
    lobby: new MemoryLobby(state),
    challenges: new MemoryChallenges(state),
    times: new MemoryTimes(state),
    chats: new MemoryChats(state),
    digests: new MemoryDigests(state),
    deliveries: new MemoryDeliveries(state),
    accounts: new MemoryAccounts(state),
    deletion: new MemoryAccountDeletion(state),
    connections: new MemoryConnections(state),
    streamTickets: new MemoryStreamTickets(),
    ...(heldViews ? { holdSlots: new MemoryHoldSlots(heldViews.now) } : {}),
  };
}
