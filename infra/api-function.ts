import { Duration } from 'aws-cdk-lib';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { DOCS_ASSETS_DIR, WEB_ASSETS_DIR } from './bundle.js';
import { PLAY_ACTIONS, type Mailing, type StageFunctions } from './lambda-function.js';
import type { EventStream } from './stream.js';
import type { Tables } from './tables.js';

/** The API function; its front door is the HTTP API (front-door.ts). */
export function apiFunction(
  functions: StageFunctions,
  { table, limitsTable }: Tables,
  mailing: Mailing,
  stream: EventStream,
  entry: string,
): LambdaFn {
  const apiFunction = functions.create(
    'Api',
    entry,
    {
      TABLE_NAME: table.tableName,
      LIMITS_TABLE_NAME: limitsTable.tableName,
      DOCS_ASSETS_DIR,
      WEB_ASSETS_DIR,
      NOTIFY_SECRETS_PARAMETER: mailing.secretsParameter,
      // Sign-in codes and address confirmations (docs/accounts.md) are sent by the API itself.
      ...mailing.environment,
      // The API hands out stream tickets with the URL to connect to, and may post to or close connections.
      STREAM_URL: stream.url,
      STREAM_ENDPOINT: stream.endpoint,
    },
    {
      // /docs serves Swagger UI from files beside the bundle, never from a CDN; `/` serves the web client, built there too.
      withApiAssets: true,
      // A view asked with waitForVersion is held up to 25 s (functions/service/version-waits.ts), with room for the answer.
      timeout: Duration.seconds(29),
      // The cap on the API's share of the account's concurrency, behind the HTTP API's stage throttle:
      // held views are few requests a second but many at once.
      reservedConcurrentExecutions: functions.settings.apiConcurrency,
    },
  );
  functions.grantTable(apiFunction, table, PLAY_ACTIONS);
  functions.grantSecrets(apiFunction, mailing.parameterArn);
  functions.grantTable(apiFunction, limitsTable, ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']);
  functions.grantSend(apiFunction, mailing.emailFrom, mailing.configurationSet);
  stream.grantManageConnections(apiFunction);
  return apiFunction;
}
