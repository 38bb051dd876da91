import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const STAGES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGES)[number];

/** What differs between the stages: how precious the data is and how long logs are kept. */
export interface StageSettings {
  readonly name: StageName;
  /** The event log's table: a dev table may go with its stack, a prod table never does. */
  readonly tableRemoval: RemovalPolicy;
  readonly deletionProtection: boolean;
  readonly pointInTimeRecovery: boolean;
  readonly logRetention: RetentionDays;
  /**
   * Reserved concurrency of the API function: at most this many requests at once, a held view
   * (up to 25 s) counting as one. It caps what a flood can cost and leaves the rest of the
   * account's concurrency to the notifier and sweeper.
   */
  readonly apiConcurrency: number;
  /**
   * The HTTP API's default stage throttle: steady requests per second and the bucket a burst may
   * drain. It answers 429 before a flood reaches the function, so reserved concurrency is the
   * second cap, not the first.
   */
  readonly apiThrottle: Throttle;
  /**
   * The WebSocket stage's throttle: messages per second (connects, subscribes, pings) over every
   * connection. Pings are answered by API Gateway itself but still count here.
   */
  readonly streamThrottle: Throttle;
  /** JSON access logs of both APIs, kept as long as the function logs; `-c accessLogs=true|false` overrides it. */
  readonly accessLogs: boolean;
  /**
   * Node maps stack traces to the sources (NODE_OPTIONS=--enable-source-maps), at 80–100 ms of CPU
   * on every cold import, and each function's code carries its maps. Without it the code has no
   * maps (infra/bundle.ts `left-out`); a trace is mapped by hand with the maps of a build of the
   * deployed commit (docs/operations.md).
   */
  readonly sourceMapsAtRuntime: boolean;
}

export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

const SETTINGS: Record<StageName, StageSettings> = {
  dev: {
    name: 'dev',
    tableRemoval: RemovalPolicy.DESTROY,
    deletionProtection: false,
    pointInTimeRecovery: false,
    logRetention: RetentionDays.ONE_WEEK,
    apiConcurrency: 20,
    // A few people testing: 50 requests a second is far past what they make, and low enough
    // that a runaway script is stopped before it costs anything.
    apiThrottle: { rateLimit: 50, burstLimit: 100 },
    streamThrottle: { rateLimit: 20, burstLimit: 50 },
    accessLogs: false,
    // Readable traces while developing; a dev stage's cold starts are few.
    sourceMapsAtRuntime: true,
  },
  prod: {
    name: 'prod',
    tableRemoval: RemovalPolicy.RETAIN,
    deletionProtection: true,
    pointInTimeRecovery: true,
    logRetention: RetentionDays.ONE_MONTH,
    apiConcurrency: 200,
    // Most requests take tens of milliseconds, so 200 functions at once serve about 1000 a second:
    // the throttle sits there, and the burst lets a page load's few requests per player through
    // at once. Held views (up to 25 s) are capped by reserved concurrency, not by this rate.
    apiThrottle: { rateLimit: 1000, burstLimit: 2000 },
    // A client sends a message every few minutes (a ping under the 10-minute idle timeout, a
    // subscribe per game it opens): 200 a second is tens of thousands of open connections.
    streamThrottle: { rateLimit: 200, burstLimit: 500 },
    accessLogs: true,
    // Every cold start would pay for the maps; an error's trace is mapped by hand when needed.
    sourceMapsAtRuntime: false,
  },
};

export function stageSettings(name: StageName): StageSettings {
  return SETTINGS[name];
}

/** `-c accessLogs=true|false` (a string on the command line, a boolean in cdk.json); nothing keeps the stage's setting. */
export function parseAccessLogs(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`-c accessLogs takes true or false (got ${JSON.stringify(value)})`);
}

/** `-c stage=dev|prod`; anything else (or nothing) is refused, so a deploy never guesses its stage. */
export function parseStage(value: unknown): StageName {
  if (typeof value === 'string' && (STAGES as readonly string[]).includes(value)) return value as StageName;
  throw new Error(`Give the stage: -c stage=dev or -c stage=prod (got ${JSON.stringify(value)})`);
}

/** The stack of a stage: separate stacks, so dev can be destroyed without touching prod. */
export const stackName = (stage: StageName) => `Railpost-${stage}`;
