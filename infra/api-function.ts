import { Duration } from 'aws-cdk-lib';
import { FunctionUrlAuthType, InvokeMode, type FunctionUrl, type Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { DOCS_ASSETS_DIR, WEB_ASSETS_DIR } from './bundle.js';
import { PLAY_ACTIONS, type Mailing, type StageFunctions } from './lambda-function.js';
import type { Tables } from './tables.js';

/** The API function and its public function URL. */
export function apiFunction(
  functions: StageFunctions,
  { table, limitsTable }: Tables,
  mailing: Mailing,
  entry: string,
): { fn: LambdaFn; url: FunctionUrl } {
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
    },
    {
      // /docs serves Swagger UI from files beside the bundle, never from a CDN; `/` serves the web client, built there too.
      withApiAssets: true,
      // A view asked with waitForVersion is held up to 25 s (functions/service/version-waits.ts), with room for the answer.
      timeout: Duration.seconds(29),
      // The cap on the API's share of the account's concurrency: what API Gateway's stage throttle did.
      reservedConcurrentExecutions: functions.settings.apiConcurrency,
    },
  );
  functions.grantTable(apiFunction, table, PLAY_ACTIONS);
  functions.grantSecrets(apiFunction, mailing.parameterArn);
  functions.grantTable(apiFunction, limitsTable, ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']);
  functions.grantSend(apiFunction, mailing.emailFrom, mailing.configurationSet);

  // The API's front door is a Lambda function URL, not API Gateway: HTTP API's
  // $1 per million requests was $2 of every million moves' cost, and all it did here is done by
  // the app already (routing, problem+json, per-player and per-address rate limits, CORS, the
  // request log line) or by the function (reserved concurrency caps the whole API). No auth at
  // the URL by design: the app authenticates bearer tokens itself, and sign-up and the docs are public.
  const apiUrl = apiFunction.addFunctionUrl({ authType: FunctionUrlAuthType.NONE, invokeMode: InvokeMode.BUFFERED });
  return { fn: apiFunction, url: apiUrl };
}
