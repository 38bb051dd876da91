import type { GameRegistry } from '../../engine/core/index.js';
import type { DeliveryStore } from '../store/ports/deliveries.js';
import type { DigestStore } from '../store/ports/digests.js';
import type { GameTable } from '../store/ports/stores.js';
import type { Metrics } from '../service/metrics.js';
import type { EmailSender } from './email.js';
import type { Outbound } from './outbound-guard.js';
import type { VapidKeys } from './push.js';

export interface NotifierConfig {
  table: GameTable;
  /** Claims each message before it is sent, so duplicates of a stream record send nothing twice. */
  deliveries: DeliveryStore;
  registry: GameRegistry;
  /** Where links in messages point: the service's public base URL. */
  publicUrl: string;
  email: EmailSender | null;
  vapid: VapidKeys | null;
  /** Signs the links in emails (unsubscribe, board pictures), each kind under its own purpose. */
  unsubscribeSecret: string;
  /**
   * The agents webhooks and pushes go through; default the production rules (public addresses
   * only, checked at connect time). Only the local server relaxes them, when told to.
   */
  outbound?: Outbound;
  /** At most one chat notice per recipient and game in this many seconds; default DEFAULT_LIMITS.chatNoticeSeconds. */
  chatNoticeSeconds?: number;
  log: (line: string) => void;
  /** Counts every delivery attempt by channel and outcome. */
  metrics?: Metrics;
  /**
   * Where replies to turn emails are received, e.g. `play.example.com`: with it, a
   * turn email lists the choices with codes and its Reply-To is a signed address at this domain.
   */
  replyDomain?: string;
  /** The service's clock (reply tokens expire); default the system's. */
  now?: () => Date;
  /** Where a digest email's labels are kept for its reply; without it no digest is sent. */
  digests?: DigestStore;
}

/** The time now on the notifier's clock. */
export const nowOf = (config: Pick<NotifierConfig, 'now'>): Date => (config.now ?? (() => new Date()))();
