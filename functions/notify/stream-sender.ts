/**
 * The event stream's sockets in AWS: API Gateway's WebSocket connections, posted to and closed
 * through its management API (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`). A
 * connection API Gateway no longer has answers 410 Gone: the fan-out then removes it.
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { StreamSender } from '../service/streams.js';

const gone = (err: unknown) =>
  (err as { name?: string }).name === 'GoneException' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410;

export function apiGatewaySender(endpoint: string): StreamSender {
  const client = new ApiGatewayManagementApiClient({ endpoint });
  return {
    async post(connectionId, message) {
      try {
        await client.send(
          new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
        );
        return 'sent';
      } catch (err) {
        if (gone(err)) return 'gone';
        throw err;
      }
    },
    async close(connectionId) {
      try {
        await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (err) {
        if (!gone(err)) throw err;
      }
    },
  };
}
