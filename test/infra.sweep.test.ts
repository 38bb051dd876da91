/**
 * The sweep's fan-out in the stack: dispatcher, deadline queue, worker, dead-letter queue
 * (docs/architecture.md "Sweeper"). Nothing may cap the worker at a constant: the dispatcher
 * reading every due entry is a unit test of the service (functions/service/sweeper.test.ts).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SWEEP_MAX_RECEIVES } from '../infra/sweeper.js';
import { actionsOf, policyStatements, template } from './infra.testkit.js';

const logicalId = (type: string, prefix: string) => {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  expect(ids, `${type} ${prefix}`).toHaveLength(1);
  return ids[0]!;
};
const worker = () =>
  template.findResources('AWS::Lambda::Function')[logicalId('AWS::Lambda::Function', 'SweepWorkerFunction')]!;

describe('the sweep fanned out through SQS', () => {
  it('feeds the worker from the deadline queue, ten batches a call, failures reported per message, with no concurrency cap', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m.Properties.EventSourceArn).includes('DeadlineQueue'),
    );
    expect(mappings).toHaveLength(1);
    const props = mappings[0]!.Properties;
    expect(props.FunctionName).toEqual({ Ref: logicalId('AWS::Lambda::Function', 'SweepWorkerFunction') });
    expect(props.BatchSize).toBe(10);
    expect(props.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(props.ScalingConfig?.MaximumConcurrency).toBeUndefined();
    expect(worker().Properties.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('keeps a batch invisible for six worker timeouts, sends it to the dead-letter queue after repeated failures, and alarms on that queue', () => {
    const timeout = worker().Properties.Timeout as number;
    const deadLetters = logicalId('AWS::SQS::Queue', 'SweepDeadLetters');
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: timeout * 6,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters, 'Arn'] },
        maxReceiveCount: SWEEP_MAX_RECEIVES,
      },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: Match.stringLikeRegexp('-SweepDeadLetters$'),
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetters, 'QueueName'] } }],
      Threshold: 1,
    });
  });

  it('lets the dispatcher only send to the queue and the worker only consume it', () => {
    const queue = logicalId('AWS::SQS::Queue', 'DeadlineQueue');
    expect(actionsOf('SweeperFunctionRole', 'sqs')).toEqual(['sqs:SendMessage']);
    expect(actionsOf('SweeperFunctionRole', 'sqs', 'BotTurns')).toEqual([]);
    expect(JSON.stringify(policyStatements('SweeperFunctionRole'))).toContain(queue);
    expect(actionsOf('SweepWorkerFunctionRole', 'sqs', queue)).toEqual([
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:ReceiveMessage',
    ]);
    // The worker expires games and claims digests by key: it never reads the deadline index.
    expect(JSON.stringify(policyStatements('SweepWorkerFunctionRole'))).not.toContain('/index/');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ DEADLINE_QUEUE_URL: { Ref: queue } }) },
    });
  });
});
