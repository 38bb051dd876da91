/**
 * The business figures the service, the notifier and the sweeper report, as a port: the Lambda
 * entries wire it to CloudWatch (EMF through Powertools Metrics), the local server to nothing,
 * and tests to a recorder. The service never imports a metrics library itself.
 */
export type CountName =
  /** A person's move appended. */
  | 'Moves'
  /** A bot's move appended (bot seats, forfeited seats, and timeouts the policy plays). */
  | 'BotMoves'
  /** A move refused with a problem; dimension `code` (a stable, declared problem code). */
  | 'RejectedMoves'
  /** One delivery attempt; dimensions `channel` (email, push, webhook) and `outcome` (sent, failed). */
  | 'Notifications'
  /** A reminder the sweeper claimed. */
  | 'Reminders'
  /** A deadline the sweeper applied. */
  | 'Timeouts'
  /** A bot-turn job the bot worker ran; dimension `outcome` (played, stale, gone). */
  | 'BotTurns';

/** Gauges, in seconds. */
export type GaugeName =
  /** How long the oldest due deadline has waited for the sweeper (0 when none is due). */
  'SweeperLagSeconds';

/** Dimension values are always from a small closed set (codes, channels, outcomes): never ids. */
export type Dimensions = Readonly<Record<string, string>>;

export interface Metrics {
  count(name: CountName, dimensions?: Dimensions): void;
  gauge(name: GaugeName, seconds: number): void;
}

export const noMetrics: Metrics = { count: () => {}, gauge: () => {} };
