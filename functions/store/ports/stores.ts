/**
 * Every store the service uses, one per aggregate, as interfaces, so the service depends on what
 * it asks of a store and not on DynamoDB: functions/store/dynamo-stores.ts builds the DynamoDB
 * implementations, which test/store/ holds to the conformance suite.
 */
import type { AccountDeletionStore } from './account-deletion.js';
import type { AccountStore } from './accounts.js';
import type { ChallengeStore } from './challenges.js';
import type { ChatStore } from './chats.js';
import type { ConnectionStore, StreamTicketStore } from './connections.js';
import type { DeliveryStore } from './deliveries.js';
import type { DigestStore } from './digests.js';
import type { FinishedStore } from './finished.js';
import type { GameLog } from './game-log.js';
import type { HoldSlotStore } from './hold-slots.js';
import type { LobbyStore } from './lobby.js';
import type { PlayerStore } from './players.js';
import type { RatingStore } from './ratings.js';
import type { PushStore, WebhookStore } from './subscriptions.js';
import type { TimeStore } from './times.js';
import type { WebhookAttemptStore } from './webhook-attempts.js';

/** A player's notification channels. */
export interface Channels {
  webhooks: WebhookStore;
  /** Each webhook's delivery log. */
  webhookAttempts: WebhookAttemptStore;
  pushSubscriptions: PushStore;
}

export interface Stores extends Channels {
  games: GameLog;
  players: PlayerStore;
  ratings: RatingStore;
  finished: FinishedStore;
  lobby: LobbyStore;
  challenges: ChallengeStore;
  times: TimeStore;
  chats: ChatStore;
  digests: DigestStore;
  deliveries: DeliveryStore;
  accounts: AccountStore;
  deletion: AccountDeletionStore;
  /** The event stream's open sockets and the tickets that open them. */
  connections: ConnectionStore;
  streamTickets: StreamTicketStore;
  /** Held views counted across processes; without it, each process counts its own. */
  holdSlots?: HoldSlotStore;
}

/** Games, players and their channels through one handle: what a move, a notification or a reply by email reads together. */
export type GameTable = GameLog & PlayerStore & Channels;

/** One handle on the game log, the players and their channels; each call goes to the store that owns it. */
export function gameTable(
  stores: Pick<Stores, 'games' | 'players' | 'webhooks' | 'webhookAttempts' | 'pushSubscriptions'>,
): GameTable {
  return {
    ...methodsOf(stores.games),
    ...methodsOf(stores.players),
    webhooks: stores.webhooks,
    webhookAttempts: stores.webhookAttempts,
    pushSubscriptions: stores.pushSubscriptions,
  };
}

/** The object's methods (its class's, up the chain), bound to it: a class instance spreads without them. */
function methodsOf<T extends object>(target: T): T {
  const methods: Record<string, unknown> = {};
  for (
    let proto = Object.getPrototypeOf(target);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value: unknown = (target as Record<string, unknown>)[name];
      if (name !== 'constructor' && !(name in methods) && typeof value === 'function')
        methods[name] = value.bind(target);
    }
  }
  return methods as T;
}
