import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { DEADLINE_INDEX } from '../functions/store/keys.js';
import { PLAY_ACTIONS, type StageFunctions } from './lambda-function.js';

/**
 * Time controls: every minute, games past a reminder time or deadline get their policy
 * applied through the same conditional commit as a move; the table's stream notifies.
 */
export function sweeperFunction(functions: StageFunctions, table: TableV2, entry: string): LambdaFn {
  const sweeper = functions.create(
    'Sweeper',
    entry,
    { TABLE_NAME: table.tableName },
    {
      timeout: Duration.seconds(55),
      // One sweep at a time is enough; overlapping sweeps would be safe (conditional writes) but wasteful.
      reservedConcurrentExecutions: 1,
    },
  );
  // DeleteItem: lobby entries of the public games it closes (docs/playing.md "Lobby").
  functions.grantTable(sweeper, table, PLAY_ACTIONS);
  sweeper.addToRolePolicy(
    new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${DEADLINE_INDEX}`] }),
  );
  new Rule(functions.stack, 'SweepSchedule', {
    description: 'railpost deadline sweeper',
    schedule: Schedule.rate(Duration.minutes(1)),
    // A failed sweep is simply done again a minute later; no retries pile up behind it.
    targets: [new LambdaFunction(sweeper, { retryAttempts: 0 })],
  });
  return sweeper;
}
