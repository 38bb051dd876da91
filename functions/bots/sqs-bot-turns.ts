/**
 * Bot turns through an SQS queue (RP-BOT-1): a commit's job is one message, which the bot worker
 * (lambda.ts) receives. The SDK is loaded by the first job, never at a cold start: most requests
 * leave no searching bot due.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { BotTurn, BotTurns } from '../service/bot-turns.js';

/** The environment variable that names the queue, set by the stack on every function that writes games. */
export const BOT_TURNS_QUEUE_URL = 'BOT_TURNS_QUEUE_URL';

export function sqsBotTurns(queueUrl: string, capture: (client: SQSClient) => SQSClient = (c) => c): BotTurns {
  let sqs: Promise<{ client: SQSClient; send: typeof import('@aws-sdk/client-sqs').SendMessageCommand }> | undefined;
  const loaded = () =>
    (sqs ??= import('@aws-sdk/client-sqs').then(({ SQSClient, SendMessageCommand }) => ({
      client: capture(new SQSClient({})),
      send: SendMessageCommand,
    })));
  return {
    async enqueue(turn: BotTurn) {
      const { client, send } = await loaded();
      await client.send(new send({ QueueUrl: queueUrl, MessageBody: JSON.stringify(turn) }));
    },
    // The worker runs the jobs, in another function: nothing runs here.
    settled: () => Promise.resolve(),
  };
}
