import { Duration, Validations, type Stack } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';

/** An SSL-only, encrypted queue that keeps what `of` could not process for 14 days (docs/operations.md). */
export function deadLetterQueue(stack: Stack, id: string, of: string): Queue {
  const queue = new Queue(stack, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself the dead-letter destination of ${of}: it needs no dead-letter queue of its own.`,
  });
  return queue;
}
