import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { RailpostStack } from '../infra/stack.js';
import { parseStage, stackName } from '../infra/stage.js';

// No stack is bundled, so esbuild never runs and the entry only has to exist: this file stands in
// for functions/api/lambda.ts.
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new RailpostStack(app, 'Railpost', { apiEntry: fileURLToPath(import.meta.url), notifierEntry: fileURLToPath(import.meta.url), sweeperEntry: fileURLToPath(import.meta.url), emailFrom: 'railpost <turns@games.example>' });
const template = Template.fromStack(stack);

interface Statement {
  Action: string | string[];
  Resource?: unknown;
}

function policyStatements(rolePrefix = ''): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(rolePrefix))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

const actionsOf = (rolePrefix: string, service: string, resource = '') =>
  policyStatements(rolePrefix)
    .filter((s) => JSON.stringify(s.Resource ?? '').includes(resource))
    .flatMap((s) => [s.Action].flat())
    .filter((action) => action.startsWith(`${service}:`))
    .sort();

describe('Railpost stack with an SES configuration set', () => {
  it('passes the configuration set to the notifier and lets it send through that set only', () => {
    const withSet = Template.fromStack(
      new RailpostStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'RailpostSes', {
        apiEntry: fileURLToPath(import.meta.url),
        notifierEntry: fileURLToPath(import.meta.url),
        sweeperEntry: fileURLToPath(import.meta.url),
        emailFrom: 'turns@games.example',
        sesConfigurationSet: 'railpost-turns',
      }),
    );
    withSet.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ SES_CONFIGURATION_SET: 'railpost-turns', EMAIL_FROM: 'turns@games.example' }) } });
    const ses = JSON.stringify(Object.values(withSet.findResources('AWS::IAM::Policy')).filter((p) => JSON.stringify(p).includes('ses:SendEmail')));
    expect(ses).toContain(':configuration-set/railpost-turns');
    expect(ses).toContain(':identity/games.example');
  });
});

describe('Railpost stack', () => {
  it('has no cdk-nag AwsSolutions findings left unacknowledged', () => {
    expect(new AwsSolutionsChecks().validateScope(stack).violations).toEqual([]);
  });

  it('keeps the event log in one retained, recoverable table with a NEW_IMAGE stream and TTL', () => {
    // The other table holds the rate-limit counters (next test).
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 2);
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      },
    });
  });

  it('counts rate limits in a table of their own: key only, TTL on expire, no stream, disposable', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Delete',
      Properties: {
        KeySchema: [{ AttributeName: 'key', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: 'expire', Enabled: true },
        StreamSpecification: Match.absent(),
      },
    });
    expect(actionsOf('ApiFunctionRole', 'dynamodb', 'LimitsTable')).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem']);
  });

  it('runs the API on nodejs22.x arm64 with the table name, source maps and docs assets in its environment, and a 29 s timeout for held views', () => {
    template.resourceCountIs('AWS::Lambda::Function', 3);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 1024,
      // Long enough for a view held 25 s (waitForVersion), under API Gateway's 30 s.
      Timeout: 29,
      Environment: {
        Variables: {
          TABLE_NAME: { Ref: Match.stringLikeRegexp('^Table') },
          LIMITS_TABLE_NAME: { Ref: Match.stringLikeRegexp('^LimitsTable') },
          NODE_OPTIONS: '--enable-source-maps',
          DOCS_ASSETS_DIR: 'docs-assets',
          // The web client's files, built next to the bundle by the bundling step (web/build.ts).
          WEB_ASSETS_DIR: 'web-assets',
          NOTIFY_SECRETS_PARAMETER: '/railpost/notify-secrets',
        },
      },
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^ApiFunctionLogs') } },
    });
  });

  it('grants the API function exactly the table actions it uses, and only its secrets parameter', () => {
    // An exact list also rules out dynamodb:* and grantFullAccess-style extras.
    expect(actionsOf('ApiFunctionRole', 'dynamodb', '"Table')).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(actionsOf('ApiFunctionRole', 'ssm')).toEqual(['ssm:GetParameter']);
    expect(JSON.stringify(policyStatements('ApiFunctionRole'))).toContain(':parameter/railpost/notify-secrets');
  });

  it('runs the notifier from the table stream: only LOG# (commit) inserts, META writes, REMIND#, CHAT# and DIGEST# inserts, partial-batch retries, a dead-letter queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'LOG#' }] } } } }) },
          { Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: ['META'] } } } }) },
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'REMIND#' }] } } } }) },
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'CHAT#' }] } } } }) },
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { sk: { S: [{ prefix: 'DIGEST#' }] } } } }) },
        ],
      },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ EMAIL_FROM: 'railpost <turns@games.example>', NOTIFY_SECRETS_PARAMETER: '/railpost/notify-secrets' }) },
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^NotifierFunctionLogs') } },
    });
  });

  it('lets the API send sign-in codes and address confirmations as the stage\'s sender only', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ EMAIL_FROM: 'railpost <turns@games.example>', LIMITS_TABLE_NAME: Match.anyValue() }) },
    });
    expect(actionsOf('ApiFunctionRole', 'ses')).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(policyStatements('ApiFunctionRole').filter((st) => JSON.stringify(st).includes('ses:')))).toContain(':identity/games.example');
  });

  it('lets the notifier read games and players, remove dead endpoints, record finished games, read the stream, and send mail only as its domain', () => {
    expect(actionsOf('NotifierFunctionRole', 'dynamodb').filter((a) => !/Stream|GetRecords|GetShardIterator/.test(a))).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(actionsOf('NotifierFunctionRole', 'dynamodb')).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']));
    expect(actionsOf('NotifierFunctionRole', 'ses')).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(policyStatements('NotifierFunctionRole'))).toContain(':identity/games.example');
  });

  it('attaches no AWS managed policies to any role', () => {
    for (const role of Object.values(template.findResources('AWS::IAM::Role'))) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('serves the API from a public function URL (no API Gateway), capped by reserved concurrency', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 0);
    template.resourceCountIs('AWS::Lambda::Url', 1);
    template.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'NONE',
      InvokeMode: 'BUFFERED',
      TargetFunctionArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiFunction'), 'Arn'] },
    });
    // Anyone may invoke through the URL, and only through it.
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunctionUrl',
      Principal: '*',
      FunctionUrlAuthType: 'NONE',
      FunctionName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiFunction'), 'Arn'] },
    });
    // Since October 2025 a public URL also needs lambda:InvokeFunction, here only through the URL.
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: '*',
      InvokedViaFunctionUrl: true,
      FunctionName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiFunction'), 'Arn'] },
    });
    const open = Object.values(template.findResources('AWS::Lambda::Permission')).filter((p) => p.Properties.Principal === '*');
    expect(open.every((p) => p.Properties.FunctionUrlAuthType === 'NONE' || p.Properties.InvokedViaFunctionUrl === true)).toBe(true);
    const api = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith('ApiFunction'))![1];
    expect(api.Properties.ReservedConcurrentExecutions).toBe(200);
    // Links in notifications are built on the URL without its trailing slash.
    const notifier = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith('NotifierFunction'))![1];
    expect(notifier.Properties.Environment.Variables.PUBLIC_URL).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [expect.stringMatching(/^ApiFunctionFunctionUrl/), 'FunctionUrl'] }] }] }]],
    });
  });

  it('every function logs JSON with Lambda system lines (START, END, REPORT) left out at WARN', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => /^(Api|Notifier|Sweeper)Function/.test(id));
    expect(functions).toHaveLength(3);
    for (const [id, fn] of functions) {
      expect(fn.Properties.LoggingConfig, id).toMatchObject({ LogFormat: 'JSON', SystemLogLevel: 'WARN', ApplicationLogLevel: 'INFO' });
    }
  });

  it('sweeps deadlines every minute with one sweeper at a time, which may query only the deadline index besides the table', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SweeperFunction'), 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } })],
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      ReservedConcurrentExecutions: 1,
      Timeout: 55,
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^SweeperFunctionLogs') } },
    });
    expect(actionsOf('SweeperFunctionRole', 'dynamodb')).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(JSON.stringify(policyStatements('SweeperFunctionRole'))).toContain('/index/Deadlines');
    expect(JSON.stringify(policyStatements('ApiFunctionRole'))).not.toContain('/index/');
  });

  it('indexes deadlines sparsely: DUE items of timed games by shard and due time, keys only', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      GlobalSecondaryIndexes: [
        {
          IndexName: 'Deadlines',
          KeySchema: [
            { AttributeName: 'dueShard', KeyType: 'HASH' },
            { AttributeName: 'dueAt', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
    });
  });

  it('keeps function logs for one month', () => {
    const logGroups = Object.values(template.findResources('AWS::Logs::LogGroup'));
    expect(logGroups).toHaveLength(3);
    for (const logGroup of logGroups) expect(logGroup.Properties.RetentionInDays).toBe(30);
  });

  it('outputs the API URL and the table name', () => {
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^Table') } });
  });
});

describe('alarms, dashboard, stages and tracing', () => {
  const stageTemplate = (stage: 'dev' | 'prod') =>
    Template.fromStack(
      new RailpostStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), `Railpost-${stage}`, {
        stage,
        apiEntry: fileURLToPath(import.meta.url),
        notifierEntry: fileURLToPath(import.meta.url),
        sweeperEntry: fileURLToPath(import.meta.url),
      }),
    );
  const dev = stageTemplate('dev');
  const prod = stageTemplate('prod');
  const alarms = (t: Template) => Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties as Record<string, unknown>);
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
    prod.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: { Ref: 'AlarmEmail' }, TopicArn: topicRef });
    prod.hasResourceProperties('AWS::SNS::TopicPolicy', { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) } });
    expect(alarms(prod)).toHaveLength(12);
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
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [expect.stringMatching(/^NotifierDeadLetters/), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('item 2: API 5xx above 5 % of at least 10 requests in five minutes alarms', () => {
    const a = alarmNamed(prod, 'Api5xx');
    expect(a.Threshold).toBe(5);
    const queries = a.Metrics as { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string }; Period: number } }[];
    expect(queries.find((q) => q.Expression)?.Expression).toBe('IF(requests >= 10, 100 * errors / requests, 0)');
    expect(queries.filter((q) => q.MetricStat).map((q) => [q.Id, q.MetricStat!.Metric.Namespace, q.MetricStat!.Metric.MetricName, q.MetricStat!.Period])).toEqual(
      expect.arrayContaining([
        ['requests', 'AWS/Lambda', 'UrlRequestCount', 300],
        ['errors', 'AWS/Lambda', 'Url5xxCount', 300],
      ]),
    );
  });

  it('item 2: errors or throttles of each function alarm at the first one', () => {
    for (const fn of ['Api', 'Notifier', 'Sweeper']) {
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

  it('item 2: DynamoDB throttled reads or writes on either table alarm', () => {
    for (const table of ['Table', 'LimitsTable']) {
      const queries = alarmNamed(prod, `${table}Throttles`).Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: unknown }[] } } }[];
      const metrics = queries.filter((q) => q.MetricStat).map((q) => q.MetricStat!.Metric);
      expect(metrics.map((m) => m.MetricName).sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
      for (const m of metrics) expect(JSON.stringify(m.Dimensions[0]!.Value)).toMatch(new RegExp(`^\\{"Ref":"${table}[A-F0-9]`));
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
    const queries = a.Metrics as { Expression?: string; MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: string }[] }; Period: number } }[];
    const dims = queries.filter((q) => q.MetricStat).map((q) => Object.fromEntries(q.MetricStat!.Metric.Dimensions.map((d) => [d.Name, d.Value])));
    expect(dims).toHaveLength(6);
    for (const channel of ['email', 'push', 'webhook']) {
      for (const outcome of ['sent', 'failed']) expect(dims).toContainEqual({ service: 'notifier', channel, outcome });
    }
    expect(queries.find((q) => q.Expression)?.Expression).toMatch(/^IF\(.* >= 5, 100 \* \(.*\) \/ \(.*\), 0\)$/);
  });

  it('item 2: a dashboard shows the alarms and the same figures', () => {
    prod.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(prod.findResources('AWS::CloudWatch::Dashboard'));
    for (const figure of ['Moves', 'BotMoves', 'RejectedMoves', 'Notifications', 'Reminders', 'Timeouts', 'SweeperLagSeconds', 'ApproximateNumberOfMessagesVisible', '5xx', 'Throttles', 'ReadThrottleEvents']) {
      expect(body).toContain(figure);
    }
  });

  it('item 1: every function is traced and writes its metrics to the namespace of its stage', () => {
    for (const [t, stage] of [[dev, 'dev'], [prod, 'prod']] as const) {
      const functions = Object.values(t.findResources('AWS::Lambda::Function'));
      expect(functions).toHaveLength(3);
      for (const fn of functions) {
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(fn.Properties.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe(`Railpost/${stage}`);
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
    const gameTable = (t: Template) => Object.values(t.findResources('AWS::DynamoDB::GlobalTable')).find((r) => r.Properties.KeySchema.some((k: { AttributeName: string }) => k.AttributeName === 'pk'))!;
    expect(gameTable(prod)).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { TableName: 'railpost-prod', Replicas: [expect.objectContaining({ DeletionProtectionEnabled: true, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })] },
    });
    expect(gameTable(dev)).toMatchObject({ DeletionPolicy: 'Delete', Properties: { TableName: 'railpost-dev' } });
    expect(gameTable(dev).Properties.Replicas[0].DeletionProtectionEnabled).not.toBe(true);
    dev.hasResourceProperties('AWS::DynamoDB::GlobalTable', { TableName: 'railpost-dev-limits' });
    prod.hasResourceProperties('AWS::DynamoDB::GlobalTable', { TableName: 'railpost-prod-limits' });
    expect(alarms(dev).every((a) => String(a.AlarmName).startsWith('railpost-dev-'))).toBe(true);
    dev.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'railpost-dev' });
  });

  it('item 3: logs are kept one week in dev and one month in prod', () => {
    for (const [t, days] of [[dev, 7], [prod, 30]] as const) {
      const groups = Object.values(t.findResources('AWS::Logs::LogGroup'));
      expect(groups).toHaveLength(3);
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

describe('replies by mail through SES receiving', () => {
  const entry = fileURLToPath(import.meta.url);
  const mailStack = new RailpostStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'RailpostMail', {
    apiEntry: entry,
    notifierEntry: entry,
    sweeperEntry: entry,
    mailInEntry: entry,
    emailFrom: 'railpost <turns@games.example>',
    replyDomain: 'play.games.example',
  });
  const mail = Template.fromStack(mailStack);
  const functionWith = (t: Template, variable: string) =>
    Object.entries(t.findResources('AWS::Lambda::Function')).filter(([, f]) => f.Properties.Environment?.Variables?.[variable] !== undefined);
  const mailInId = () => functionWith(mail, 'INBOUND_BUCKET')[0]![0];
  const mailInStatements = () =>
    Object.values(mail.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes('MailInFunctionRole'))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);

  it('has no cdk-nag AwsSolutions findings left unacknowledged', () => {
    expect(new AwsSolutionsChecks().validateScope(mailStack).violations).toEqual([]);
  });

  it('adds nothing for mail without a reply domain: no bucket, no rule set, no mail-in function, no reply codes in turn emails', () => {
    template.resourceCountIs('AWS::S3::Bucket', 0);
    template.resourceCountIs('AWS::SES::ReceiptRuleSet', 0);
    expect(functionWith(template, 'INBOUND_BUCKET')).toHaveLength(0);
    expect(functionWith(template, 'REPLY_DOMAIN')).toHaveLength(0);
  });

  it('receives mail for the reply domain only, over TLS, scanned, storing it under inbound/ and then invoking mail-in asynchronously', () => {
    mail.hasResourceProperties('AWS::SES::ReceiptRuleSet', { RuleSetName: 'railpost-prod-replies' });
    mail.hasResourceProperties('AWS::SES::ReceiptRule', {
      Rule: {
        Enabled: true,
        Recipients: ['play.games.example'],
        ScanEnabled: true,
        TlsPolicy: 'Require',
        Actions: [
          { S3Action: { BucketName: Match.anyValue(), ObjectKeyPrefix: 'inbound/' } },
          { LambdaAction: { FunctionArn: { 'Fn::GetAtt': [mailInId(), 'Arn'] }, InvocationType: 'Event' } },
        ],
      },
    });
    mail.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'ses.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [mailInId(), 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
    mail.hasOutput('ReplyRuleSetName', { Value: 'railpost-prod-replies' });
  });

  it('stores messages in an encrypted, private, SSL-only bucket that deletes them after 7 days; only SES of this account may write', () => {
    mail.resourceCountIs('AWS::S3::Bucket', 1);
    mail.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LifecycleConfiguration: { Rules: [Match.objectLike({ Status: 'Enabled', ExpirationInDays: 7, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } })] },
    });
    const statements = Object.values(mail.findResources('AWS::S3::BucketPolicy')).flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, any>[]);
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    const sesWrite = statements.filter((s) => s.Principal?.Service === 'ses.amazonaws.com');
    expect(sesWrite).toHaveLength(1);
    expect(sesWrite[0]).toMatchObject({ Effect: 'Allow', Action: 's3:PutObject', Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } });
    expect(JSON.stringify(sesWrite[0]!.Resource)).toContain('/inbound/*');
  });

  it('lets mail-in read only the stored messages, play moves on the table, read its secrets and send as the stage’s sender', () => {
    const statements = mailInStatements();
    const s3 = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    expect(s3).toHaveLength(1);
    expect(s3[0]!.Action).toBe('s3:GetObject');
    expect(JSON.stringify(s3[0]!.Resource)).toContain('/inbound/*');
    expect(statements.flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith('dynamodb:')).sort()).toEqual(
      ['dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
    );
    expect(statements.flatMap((s) => [s.Action].flat())).toEqual(expect.arrayContaining(['ssm:GetParameter', 'ses:SendEmail']));
  });

  it('gives mail-in and the notifier the reply domain, and mail-in where the messages are', () => {
    const [[, fn]] = functionWith(mail, 'INBOUND_BUCKET') as [[string, any]];
    expect(fn.Properties.Environment.Variables).toMatchObject({ REPLY_DOMAIN: 'play.games.example', INBOUND_PREFIX: 'inbound/', INBOUND_BUCKET: { Ref: expect.stringMatching(/^InboundMail/) } });
    expect(fn.Properties.Timeout).toBe(30);
    // The notifier's turn emails carry the codes and the signed Reply-To.
    expect(functionWith(mail, 'REPLY_DOMAIN').map(([id]) => id).sort()).toEqual([mailInId(), expect.stringMatching(/^NotifierFunction/)].sort());
  });
});
