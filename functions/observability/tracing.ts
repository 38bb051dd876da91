/**
 * Powertools Tracer: an X-Ray segment per invocation with the AWS SDK calls as subsegments, for
 * the sweeper and the notifier. The API does without it: the X-Ray SDK it brings is
 * about 120 KiB of cold-start code. Active tracing on the function still gives X-Ray the API's
 * invocations (Lambda's own init and invocation segments), without its DynamoDB calls.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';

export function tracing(serviceName: string): { tracer: Tracer; middleware: MiddlewareObj } {
  const tracer = new Tracer({ serviceName });
  return { tracer, middleware: captureLambdaHandler(tracer) as MiddlewareObj };
}
