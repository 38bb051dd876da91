/**
 * How the Lambdas configure their DynamoDB client. Without `cacheMiddleware` the SDK assembles a
 * command's middleware stack anew on every call; with it, once per command type. That is about a
 * quarter of the SDK's own CPU per call, which is most of what a move costs beyond its rules
 * (bench/README.md, `npm run bench compare`). The cache is only sound for a client whose
 * middleware is all added before its first call, which is true of every Lambda entry (Powertools
 * Tracer adds its own at construction); the local server and the store tracer add and remove
 * middleware later, so they keep the default.
 */
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

export const LAMBDA_CLIENT_CONFIG = { cacheMiddleware: true } as const satisfies DynamoDBClientConfig;
