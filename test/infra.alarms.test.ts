/**
 * The CDK stack's alarms and dashboard, its two stages (dev, prod) and tracing.
 */
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { RailpostStack } from '../infra/stack.js';
import { parseStage, stackName } from '../infra/stage.js';
import type { Statement } from './infra.testkit.js';

describe('alarms, dashboard, stages and tracing', () => {
  const stageTemplate = (stage: 'dev' | 'prod') =>
    Template.fromStack(
      new RailpostStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), `Railpost-${stage}`, {
        stage,
        apiEntry: fileURLToPath(import.meta.url),
        notifierEntry: fileURLToPath(import.meta.url),
        sweeperEntry: fileURLToPath(import.meta.url),
        sweepWorkerEntry: fileURLToPath(import.meta.url),
      }),
    );
  const dev = stageTemplate('dev');
  const prod = stageTemplate('prod');
  const alarms = (t: Template) =>
    Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties as Record<string, unknown>);
  const alarmNamed = (t: Template, suffix: string) => {
    const found = alarms(t).filter((a) => a.AlarmName === `railpost-prod-${suffix}`);
    expect(found, suffix).toHaveLength(1);
    return found[0]!;
  };
  const topicRef = { Ref: Match.stringLikeRegexp('^MonitoringAlarmTopic') };
  const topicRefValue = { Ref: expect.stringMatching(/^MonitoringAlarmTopic/) };

  it('item 2: sends every alarm, and its recovery, to one SSL-only SNS topic with the email subscription given as the AlarmEmail parameter', () => {
    prod.hasParameter('AlarmEmail', { Type: 'String' });
    prod.resourceCountIs('AWS::SNS::Topic', 1);
    prod.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: { Ref: 'AlarmEmail' },
      TopicArn: topicRef,
    });
    prod.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    expect(alarms(prod)).toHaveLength(21);
    for (const a of alarms(prod)) {
      expect(a.AlarmActions).toEqual([topicRefValue]);
      expect(a.OKActions).toEqual([topicRefValue]);
      expect(a.AlarmDescription).toMatch(/docs\/operations\.md#/);
    }
  });

  it('item 2: any message in the dead-letter queue alarms', () => {
    expect(alarmNamed(prod, 'DeadLetters')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [expect.stringMatching(/^NotifierDeadLetters/), 'QueueName'] } },
      ],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('RP-BOT-1: any bot turn in its dead-letter queue alarms (its game waits for the bot)', () => {
    expect(alarmNamed(prod, 'BotTurnDeadLetters')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [expect.stringMatching(/^BotTurnDeadLetters/), 'QueueName'] } },
      ],
      Threshold: 1,
    });
  });

  it("item 2: API 5xx above 5 % of at least 10 requests in five minutes alarms, on the HTTP API stage's own counts", () => {
    const a = alarmNamed(prod, 'Api5xx');
    expect(a.Threshold).toBe(5);
    const queries = a.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: {
        Metric: { MetricName: string; Namespace: string; Dimensions: { Name: string }[] };
        Period: number;
        Stat: string;
      };
    }[];
    expect(queries.find((q) => q.Expression)?.Expression).toBe('IF(requests >= 10, 100 * errors / requests, 0)');
    expect(
      queries
        .filter((q) => q.MetricStat)
        .map((q) => [
          q.Id,
          q.MetricStat!.Metric.Namespace,
          q.MetricStat!.Metric.MetricName,
          q.MetricStat!.Metric.Dimensions.map((d) => d.Name).sort(),
          q.MetricStat!.Period,
          q.MetricStat!.Stat,
        ]),
    ).toEqual(
      expect.arrayContaining([
        ['requests', 'AWS/ApiGateway', 'Count', ['ApiId', 'Stage'], 300, 'Sum'],
        ['errors', 'AWS/ApiGateway', '5xx', ['ApiId', 'Stage'], 300, 'Sum'],
      ]),
    );
  });

  it('item 2: errors or throttles of each function alarm at the first one', () => {
    for (const fn of ['Api', 'Notifier', 'Sweeper', 'SweepWorker', 'Stream', 'BotWorker']) {
      for (const metric of ['Errors', 'Throttles']) {
        expect(alarmNamed(prod, `${fn}${metric}`)).toMatchObject({
          Namespace: 'AWS/Lambda',
          MetricName: metric,
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: expect.stringMatching(new RegExp(`^${fn}Function`)) } }],
          Statistic: 'Sum',
          Threshold: 1,
        });
      }
    }
  });

  it('the WebSocket API failing to get an answer from the stream function alarms at the first failure', () => {
    expect(alarmNamed(prod, 'StreamIntegrationErrors')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'IntegrationError',
      Dimensions: expect.arrayContaining([
        { Name: 'ApiId', Value: { Ref: expect.stringMatching(/^StreamApi/) } },
        { Name: 'Stage', Value: 'prod' },
      ]),
      Statistic: 'Sum',
      Threshold: 1,
    });
  });

  it('item 2: DynamoDB throttled reads or writes on either table alarm', () => {
    for (const table of ['Table', 'LimitsTable']) {
      const queries = alarmNamed(prod, `${table}Throttles`).Metrics as {
        MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: unknown }[] } };
      }[];
      const metrics = queries.filter((q) => q.MetricStat).map((q) => q.MetricStat!.Metric);
      expect(metrics.map((m) => m.MetricName).sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
      for (const m of metrics)
        expect(JSON.stringify(m.Dimensions[0]!.Value)).toMatch(new RegExp(`^\\{"Ref":"${table}[A-F0-9]`));
    }
  });

  it('item 2: sweeper lag above two sweep periods (120 s), or no sweep reporting at all, alarms', () => {
    expect(alarmNamed(prod, 'SweeperLag')).toMatchObject({
      Namespace: 'Railpost/prod',
      MetricName: 'SweeperLagSeconds',
      Dimensions: [{ Name: 'service', Value: 'sweeper' }],
      Statistic: 'Maximum',
      Threshold: 120,
      TreatMissingData: 'breaching',
    });
  });

  it('item 2: notification failures above 20 % of at least 5 attempts in fifteen minutes alarm, over every channel', () => {
    const a = alarmNamed(prod, 'NotificationFailures');
    expect(a.Threshold).toBe(20);
    const queries = a.Metrics as {
      Expression?: string;
      MetricStat?: {
        Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: string }[] };
        Period: number;
      };
    }[];
    const dims = queries
      .filter((q) => q.MetricStat)
      .map((q) => Object.fromEntries(q.MetricStat!.Metric.Dimensions.map((d) => [d.Name, d.Value])));
    expect(dims).toHaveLength(6);
    for (const channel of ['email', 'push', 'webhook']) {
      for (const outcome of ['sent', 'failed']) expect(dims).toContainEqual({ service: 'notifier', channel, outcome });
    }
    expect(queries.find((q) => q.Expression)?.Expression).toMatch(/^IF\(.* >= 5, 100 \* \(.*\) \/ \(.*\), 0\)$/);
  });

  it('item 2: a dashboard shows the alarms and the same figures', () => {
    prod.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(prod.findResources('AWS::CloudWatch::Dashboard'));
    for (const figure of [
      'Moves',
      'BotMoves',
      'RejectedMoves',
      'Notifications',
      'Reminders',
      'Timeouts',
      'SweeperLagSeconds',
      'ApproximateNumberOfMessagesVisible',
      '5xx',
      '4xx',
      'Latency',
      'ConnectCount',
      'IntegrationError',
      'Throttles',
      'ReadThrottleEvents',
    ]) {
      expect(body).toContain(figure);
    }
  });

  it('item 1: every function is traced and writes its metrics to the namespace of its stage', () => {
    for (const [t, stage] of [
      [dev, 'dev'],
      [prod, 'prod'],
    ] as const) {
      const functions = Object.values(t.findResources('AWS::Lambda::Function'));
      expect(functions).toHaveLength(6);
      for (const fn of functions) {
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(fn.Properties.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe(`Railpost/${stage}`);
        // Source-mapped traces cost every cold import 80–100 ms: dev only.
        expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe(
          stage === 'dev' ? '--enable-source-maps' : undefined,
        );
      }
    }
    // The only wildcard resource is X-Ray's, which has none narrower.
    const wildcard = Object.values(prod.findResources('AWS::IAM::Policy'))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[])
      .filter((s) => s.Resource === '*')
      .flatMap((s) => [s.Action].flat());
    expect(new Set(wildcard)).toEqual(new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
  });

  it('item 3: dev and prod have their own table names; dev may be destroyed, prod keeps deletion protection, PITR and RETAIN', () => {
    const gameTable = (t: Template) =>
      Object.values(t.findResources('AWS::DynamoDB::GlobalTable')).find((r) =>
        r.Properties.KeySchema.some((k: { AttributeName: string }) => k.AttributeName === 'pk'),
      )!;
    expect(gameTable(prod)).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: {
        TableName: 'railpost-prod',
        Replicas: [
          expect.objectContaining({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      },
    });
    expect(gameTable(dev)).toMatchObject({ DeletionPolicy: 'Delete', Properties: { TableName: 'railpost-dev' } });
    expect(gameTable(dev).Properties.Replicas[0].DeletionProtectionEnabled).not.toBe(true);
    dev.hasResourceProperties('AWS::DynamoDB::GlobalTable', { TableName: 'railpost-dev-limits' });
    prod.hasResourceProperties('AWS::DynamoDB::GlobalTable', { TableName: 'railpost-prod-limits' });
    expect(alarms(dev).every((a) => String(a.AlarmName).startsWith('railpost-dev-'))).toBe(true);
    dev.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'railpost-dev' });
  });

  it('item 3: logs are kept one week in dev and one month in prod', () => {
    // The functions' six, and in prod the access logs of both API stages.
    for (const [t, days, count] of [
      [dev, 7, 6],
      [prod, 30, 8],
    ] as const) {
      const groups = Object.values(t.findResources('AWS::Logs::LogGroup'));
      expect(groups).toHaveLength(count);
      for (const g of groups) expect(g.Properties.RetentionInDays).toBe(days);
    }
  });

  it('item 3: both stages pass cdk-nag', () => {
    for (const stage of ['dev', 'prod'] as const) {
      const stack = new RailpostStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), `Railpost-${stage}`, {
        stage,
        apiEntry: fileURLToPath(import.meta.url),
        notifierEntry: fileURLToPath(import.meta.url),
        sweeperEntry: fileURLToPath(import.meta.url),
        sweepWorkerEntry: fileURLToPath(import.meta.url),
      });
      expect(new AwsSolutionsChecks().validateScope(stack).violations).toEqual([]);
    }
  });

  it('item 3: -c stage must be dev or prod and names the stack', () => {
    expect(stackName(parseStage('dev'))).toBe('Railpost-dev');
    expect(stackName(parseStage('prod'))).toBe('Railpost-prod');
    expect(() => parseStage(undefined)).toThrow(/-c stage=dev or -c stage=prod/);
    expect(() => parseStage('staging')).toThrow(/-c stage=dev or -c stage=prod/);
  });
});
