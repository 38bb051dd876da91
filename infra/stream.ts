import { Validations, type CfnElement, type Stack } from 'aws-cdk-lib';
import {
  CfnIntegrationResponse,
  WebSocketApi,
  WebSocketStage,
  type WebSocketIntegration,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration, WebSocketMockIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { withAccessLogs } from './access-logs.js';
import type { StageFunctions } from './lambda-function.js';

/** What the WebSocket stage logs of each connect, message and disconnect. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationLatency: '$context.integrationLatency',
  error: '$context.error.message',
};

const CONNECTED = {
  id: 'AwsSolutions-APIG4',
  reason:
    'Only $connect may have an authorizer in a WebSocket API; every other message arrives on a connection that passed it.',
};

/** The reply to `{"action":"ping"}`, from API Gateway itself. */
export const PONG = '{"type":"pong"}';

/** The account event stream's WebSocket API, its stage and the Stream function behind it. */
export interface EventStream {
  readonly fn: LambdaFn;
  readonly stage: WebSocketStage;
  /** `https://<apiId>.execute-api.<region>.<urlSuffix>/<stage>`: where @aws-sdk/client-apigatewaymanagementapi posts to connections. */
  readonly endpoint: string;
  /** `wss://…/<stage>`: what a client connects to, with its ticket. */
  readonly url: string;
  /** execute-api:ManageConnections on this stage's connections: sending to, and closing, a connection. */
  grantManageConnections(fn: LambdaFn): void;
}

/**
 * The WebSocket API: $connect, $disconnect, subscribe and unsubscribe go to the Stream function
 * (routes by `$request.body.action`); ping is answered by API Gateway with no invocation, since a
 * client sends one every few minutes to stay under the 10-minute idle timeout.
 */
export function eventStream(
  functions: StageFunctions,
  table: TableV2,
  accessLogs: boolean,
  entry: string,
): EventStream {
  const stack: Stack = functions.stack;
  const { settings } = functions;
  const api = new WebSocketApi(stack, 'StreamApi', {
    apiName: `railpost-${settings.name}-stream`,
    routeSelectionExpression: '$request.body.action',
  });
  const stage = withAccessLogs(
    stack,
    'StreamApi',
    settings,
    accessLogs,
    ACCESS_LOG_FIELDS,
    (accessLogSettings) =>
      new WebSocketStage(stack, 'StreamStage', {
        webSocketApi: api,
        stageName: settings.name,
        autoDeploy: true,
        throttle: settings.streamThrottle,
        ...(accessLogSettings ? { accessLogSettings } : {}),
      }),
  );

  const fn = functions.create('Stream', entry, { TABLE_NAME: table.tableName, STREAM_ENDPOINT: stage.callbackUrl });
  // Connections, watches and single-use tickets are items of the game table, expired by its `ttl`.
  functions.grantTable(fn, table, [
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:Query',
  ]);

  const integration = new WebSocketLambdaIntegration('Stream', fn);
  const connect = api.addRoute('$connect', { integration });
  Validations.of(connect).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      'A browser cannot set headers on a WebSocket, so $connect carries a single-use ticket (from the API, for a ' +
      'signed-in player) in its query string, and the Stream function checks and spends it before accepting.',
  });
  // $default: a message naming no known action still gets the protocol's invalid_message, as locally.
  for (const routeKey of ['$disconnect', '$default', 'subscribe', 'unsubscribe']) {
    Validations.of(api.addRoute(routeKey, { integration })).acknowledge(CONNECTED);
  }
  pingRoute(api);

  // cdk-nag names the finding by the grant's resource, where the API appears by its logical ID.
  const apiId = stack.getLogicalId(api.node.defaultChild as CfnElement);
  const connections = `arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${apiId}>/${stage.stageName}/*/@connections/*`;
  const grantManageConnections = (grantee: LambdaFn) => {
    stage.grantManagementApiAccess(grantee);
    Validations.of(grantee.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${connections}]`,
      reason:
        "A connection's ID is known only once it connects, so the grant covers this stage's @connections, every " +
        'method (post, read, close) of every connection, and nothing else.',
    });
  };
  grantManageConnections(fn);
  return { fn, stage, endpoint: stage.callbackUrl, url: stage.url, grantManageConnections };
}

/** `ping` answered by a mock integration: the request template sets status 200, the response template the body. */
function pingRoute(api: WebSocketApi): void {
  const route = api.addRoute('ping', {
    integration: new WebSocketMockIntegration('Ping', {
      requestTemplates: { $default: '{"statusCode": 200}' },
      templateSelectionExpression: '\\$default',
    }),
    // A route response is what sends the integration's answer back on the socket.
    returnResponse: true,
  });
  Validations.of(route).acknowledge(CONNECTED);
  const integration = route.node.findChild('Ping') as WebSocketIntegration;
  new CfnIntegrationResponse(route, 'PingResponse', {
    apiId: api.apiId,
    integrationId: integration.integrationId,
    integrationResponseKey: '$default',
    responseTemplates: { $default: PONG },
    templateSelectionExpression: '\\$default',
  });
}
