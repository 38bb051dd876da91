/**
 * The CDK stack: tables, functions and their grants, the notifier's stream, the sweeper's
 * schedule, logs and outputs. The HTTP API and the WebSocket API: infra.front-door.test.ts;
 * alarms and stages: infra.alarms.test.ts; replies by mail: infra.mail.test.ts.
 */
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { RailpostStack } from '../infra/stack.js';
import { stack, template, policyStatements, actionsOf } from './infra.testkit.js';

describe('Railpost stack with an SES configuration set', () => {
  it('passes the configuration set to the notifier and lets it send through that set only', () => {
    const withSet = Template.fromStack(
      new RailpostStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'RailpostSes', {
        apiEntry: fileURLToPath(import.meta.url),
        notifierEntry: fileURLToPath(import.meta.url),
        sweeperEntry: fileURLToPath(import.meta.url),
        sweepWorkerEntry: fileURLToPath(import.meta.url),
        emailFrom: 'turns@games.example',
        sesConfigurationSet: 'railpost-turns',
      }),
    );
    withSet.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ SES_CONFIGURATION_SET: 'railpost-turns', EMAIL_FROM: 'turns@games.example' }),
      },
    });
    const ses = JSON.stringify(
      Object.values(withSet.findResources('AWS::IAM::Policy')).filter((p) =>
        JSON.stringify(p).includes('ses:SendEmail'),
      ),
    );
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
    expect(actionsOf('ApiFunctionRole', 'dynamodb', 'LimitsTable')).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:UpdateItem',
    ]);
  });

  it('runs the API on nodejs22.x arm64 with the table name and docs assets in its environment (no source-map option in prod), and a 29 s timeout for held views', () => {
    // API, notifier, sweep dispatcher and worker, bot worker and the event stream's.
    template.resourceCountIs('AWS::Lambda::Function', 6);
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
          NODE_OPTIONS: Match.absent(),
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

  it('runs the notifier from the table stream: only LOG# (commit) inserts not marked quiet (RP-STREAM-6), META writes and challenge items (RP-CHALLENGE-6), REMIND#, CHAT# and DIGEST# inserts, partial-batch retries, a dead-letter queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { Keys: { sk: { S: [{ prefix: 'LOG#' }] } }, NewImage: { q: { N: [{ exists: false }] } } },
            }),
          },
          { Pattern: JSON.stringify({ dynamodb: { Keys: { sk: { S: ['META', 'CHALLENGE'] } } } }) },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { Keys: { sk: { S: [{ prefix: 'REMIND#' }] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { Keys: { sk: { S: [{ prefix: 'CHAT#' }] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { Keys: { sk: { S: [{ prefix: 'DIGEST#' }] } } },
            }),
          },
        ],
      },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          EMAIL_FROM: 'railpost <turns@games.example>',
          NOTIFY_SECRETS_PARAMETER: '/railpost/notify-secrets',
        }),
      },
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^NotifierFunctionLogs') } },
    });
  });

  it("lets the API send sign-in codes and address confirmations as the stage's sender only", () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          EMAIL_FROM: 'railpost <turns@games.example>',
          LIMITS_TABLE_NAME: Match.anyValue(),
        }),
      },
    });
    expect(actionsOf('ApiFunctionRole', 'ses')).toEqual(['ses:SendEmail']);
    expect(
      JSON.stringify(policyStatements('ApiFunctionRole').filter((st) => JSON.stringify(st).includes('ses:'))),
    ).toContain(':identity/games.example');
  });

  it('lets the notifier read games and players, remove dead endpoints, record finished games, read the stream, and send mail only as its domain', () => {
    expect(
      actionsOf('NotifierFunctionRole', 'dynamodb').filter((a) => !/Stream|GetRecords|GetShardIterator/.test(a)),
    ).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(actionsOf('NotifierFunctionRole', 'dynamodb')).toEqual(
      expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']),
    );
    expect(actionsOf('NotifierFunctionRole', 'ses')).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(policyStatements('NotifierFunctionRole'))).toContain(':identity/games.example');
  });

  it('RP-BOT-1: bot turns go through an SSL-only queue with a dead-letter queue to a worker with one full vCPU; only the functions that write games may queue them', () => {
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^BotTurnDeadLetters'), 'Arn'] },
        maxReceiveCount: 3,
      },
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: Match.stringLikeRegexp('^BotTurns[0-9A-F]') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      MemorySize: 1769,
      Timeout: 30,
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^BotWorkerFunctionLogs') } },
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^BotTurns[0-9A-F]'), 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    for (const role of ['ApiFunctionRole', 'SweepWorkerFunctionRole', 'BotWorkerFunctionRole'])
      expect(actionsOf(role, 'sqs', 'BotTurns')).toEqual(expect.arrayContaining(['sqs:SendMessage']));
    for (const role of ['NotifierFunctionRole', 'SweeperFunctionRole'])
      expect(actionsOf(role, 'sqs', 'BotTurns')).toEqual([]);
    expect(actionsOf('BotWorkerFunctionRole', 'dynamodb')).not.toContain('dynamodb:DeleteItem');
  });

  it('attaches no AWS managed policies to any role', () => {
    for (const role of Object.values(template.findResources('AWS::IAM::Role'))) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('every function logs JSON with Lambda system lines (START, END, REPORT) left out at WARN', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) =>
      /^(Api|Notifier|Sweeper|SweepWorker|Stream|BotWorker)Function/.test(id),
    );
    expect(functions).toHaveLength(6);
    for (const [id, fn] of functions) {
      expect(fn.Properties.LoggingConfig, id).toMatchObject({
        LogFormat: 'JSON',
        SystemLogLevel: 'WARN',
        ApplicationLogLevel: 'INFO',
      });
    }
  });

  it('dispatches due deadlines every minute with one dispatcher at a time, which may query only the deadline index besides the table', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SweeperFunction'), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 0 },
        }),
      ],
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

  it("keeps function logs and the prod APIs' access logs for one month", () => {
    const logGroups = Object.values(template.findResources('AWS::Logs::LogGroup'));
    // Six functions', and the HTTP and WebSocket stages' access logs (on in prod).
    expect(logGroups).toHaveLength(8);
    for (const logGroup of logGroups) expect(logGroup.Properties.RetentionInDays).toBe(30);
  });

  it('outputs the API URL, the event stream URL and the table name', () => {
    template.hasOutput('ApiUrl', { Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^HttpApi'), 'ApiEndpoint'] } });
    template.hasOutput('StreamUrl', { Value: { 'Fn::Join': ['', Match.arrayWith(['wss://'])] } });
    template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^Table') } });
  });
});
