import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition, type Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { deadLetterQueue } from './dead-letters.js';
import { keys } from '../functions/store/keys.js';
import type { Mailing, StageFunctions } from './lambda-function.js';

/** The notifier, fed by the table's stream, with a dead-letter queue for the batches it cannot deliver. */
export function notifierFunction(
  functions: StageFunctions,
  table: TableV2,
  mailing: Mailing,
  environment: Record<string, string>,
  entry: string,
): { notifier: LambdaFn; deadLetters: Queue } {
  const notifier = functions.create('Notifier', entry, environment);
  // Reads games and players, removes push and webhook endpoints that answer 404/410, and records
  // finished games: ratings, leaderboards and the search index (docs/playing.md, "Ratings").
  functions.grantTable(notifier, table, [
    'dynamodb:GetItem',
    'dynamodb:Query',
    'dynamodb:DeleteItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
  ]);
  table.grantStreamRead(notifier);
  functions.grantSecrets(notifier, mailing.parameterArn);
  functions.grantSend(notifier, mailing.emailFrom, mailing.configurationSet);
  const deadLetters = deadLetterQueue(functions.stack, 'NotifierDeadLetters', 'the notifier');
  notifier.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: 100,
      maxBatchingWindow: Duration.seconds(1),
      bisectBatchOnError: true,
      retryAttempts: 5,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(deadLetters),
      // Only written commits that tell someone (RP-STREAM-6: no `q`), game status changes, reminder and
      // digest claims, chat and challenges concern the notifier. Filters are OR'ed, at most 5.
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: {
            Keys: { sk: { S: FilterRule.beginsWith(keys.commitPrefix) } },
            NewImage: { q: { N: FilterRule.notExists() } },
          },
        }),
        // META writes, and a challenge's own item made or settled (not the parties' copies of it).
        FilterCriteria.filter({ dynamodb: { Keys: { sk: { S: FilterRule.or(keys.meta, keys.challengeItem) } } } }),
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(keys.reminderPrefix) } } },
        }),
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(keys.chatPrefix) } } },
        }),
        // A day's digest claimed by the sweeper.
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(keys.digestDayPrefix) } } },
        }),
      ],
    }),
  );
  return { notifier, deadLetters };
}
