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
}

const SETTINGS: Record<StageName, StageSettings> = {
  dev: {
    name: 'dev',
    tableRemoval: RemovalPolicy.DESTROY,
    deletionProtection: false,
    pointInTimeRecovery: false,
    logRetention: RetentionDays.ONE_WEEK,
    apiConcurrency: 20,
  },
  prod: {
    name: 'prod',
    tableRemoval: RemovalPolicy.RETAIN,
    deletionProtection: true,
    pointInTimeRecovery: true,
    logRetention: RetentionDays.ONE_MONTH,
    apiConcurrency: 200,
  },
};

export function stageSettings(name: StageName): StageSettings {
  return SETTINGS[name];
}

/** `-c stage=dev|prod`; anything else (or nothing) is refused, so a deploy never guesses its stage. */
export function parseStage(value: unknown): StageName {
  if (typeof value === 'string' && (STAGES as readonly string[]).includes(value)) return value as StageName;
  throw new Error(`Give the stage: -c stage=dev or -c stage=prod (got ${JSON.stringify(value)})`);
}

/** The stack of a stage: separate stacks, so dev can be destroyed without touching prod. */
export const stackName = (stage: StageName) => `Railpost-${stage}`;
