/**
 * A request as the HTTP API's catch-all route hands it to the API handler (payload format 2.0,
 * the shape hono/aws-lambda reads), for running the real entry in process: tests and the
 * log-bytes bench.
 */
import type { LambdaEvent } from 'hono/aws-lambda';

export function httpApiEvent(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  sourceIp = '127.0.0.1',
): LambdaEvent {
  const [rawPath, rawQueryString = ''] = path.split('?') as [string, string?];
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers: {
      host: 'abc123.execute-api.eu-central-1.amazonaws.com',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-central-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp, userAgent: 'bench' },
      requestId: 'req',
      routeKey: '$default',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    body: body === undefined ? null : JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as LambdaEvent;
}
