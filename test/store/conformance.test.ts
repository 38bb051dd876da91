/**
 * Conformance of the store (functions/store) on every backend (test/store/conformance/backends.ts):
 * the repository-level suites run on dynalite, DynamoDB Local and the in-memory twin alike; the
 * DynamoDB-only suites (item layout, keys, calls, the table infra deploys, how commits are packed) on
 * the two DynamoDBs.
 */
import { afterAll, describe } from 'vitest';
import { accountsSuite } from './conformance/accounts.js';
import { backends, Harness, stopDynamoDbLocal } from './conformance/backends.js';
import { boardsSuite } from './conformance/boards.js';
import { challengesSuite } from './conformance/challenges.js';
import { channelsSuite } from './conformance/channels.js';
import { commitPackingSuite } from './conformance/commit-packing.js';
import { connectionsSuite } from './conformance/connections.js';
import { deliveriesSuite } from './conformance/deliveries.js';
import { dynamoLayoutSuite } from './conformance/dynamo-layout.js';
import { gameLogSuite } from './conformance/game-log.js';
import { lobbyAndChatSuite } from './conformance/lobby-chat.js';
import { playersSuite } from './conformance/players.js';
import { ratingsSuite } from './conformance/ratings.js';
import { timeControlsSuite } from './conformance/time-controls.js';
import { webhookAttemptsSuite } from './conformance/webhook-attempts.js';

afterAll(stopDynamoDbLocal);

describe.each(backends)('event store on $name', (backend) => {
  const h = new Harness(backend);
  gameLogSuite(h);
  timeControlsSuite(h);
  playersSuite(h);
  channelsSuite(h);
  deliveriesSuite(h);
  webhookAttemptsSuite(h);
  ratingsSuite(h);
  boardsSuite(h);
  lobbyAndChatSuite(h);
  challengesSuite(h);
  accountsSuite(h);
  connectionsSuite(h);
  if (backend.dynamo) dynamoLayoutSuite(h);
  if (backend.dynamo) commitPackingSuite(h);
});
