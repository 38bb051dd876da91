import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, CfnOutput, CfnParameter, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ApplicationLogLevel,
  Architecture,
  Code,
  FilterCriteria,
  FilterRule,
  FunctionUrlAuthType,
  Function as LambdaFn,
  InvokeMode,
  LoggingFormat,
  Runtime,
  StartingPosition,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { ReceiptRuleSet, TlsPolicy } from 'aws-cdk-lib/aws-ses';
import { Lambda as LambdaAction, LambdaInvocationType, S3 as S3Action } from 'aws-cdk-lib/aws-ses-actions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DEADLINE_INDEX, keys } from '../functions/store/keys.js';
import { LIMITS_KEY, LIMITS_TTL_ATTRIBUTE } from '../functions/store/limits-table.js';
import { DOCS_ASSETS_DIR, WEB_ASSETS_DIR } from './bundle.js';
import { Monitoring } from './monitoring.js';
import { stageSettings, type StageName, type StageSettings } from './stage.js';

// Resolved from this file so synth and tests work from any working directory.
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface RailpostStackProps extends StackProps {
  /** dev or prod (default prod, the careful one): table names, removal, backups and log retention follow it. */
  readonly stage?: StageName;
  /**
   * Entry file of the API Lambda. Tests skip bundling, so they can point it at any file and stay
   * independent of functions/.
   */
  readonly apiEntry?: string;
  /** Entry of the stream notifier, for tests in the same way as `apiEntry`. */
  readonly notifierEntry?: string;
  /** Entry of the deadline sweeper, for tests in the same way as `apiEntry`. */
  readonly sweeperEntry?: string;
  /**
   * SSM SecureString parameter (JSON: vapidSubject, vapidPublicKey, vapidPrivateKey,
   * unsubscribeSecret) that the deployer creates before deploying; CloudFormation cannot create
   * SecureStrings, and the secrets must not sit in the template.
   */
  readonly notifySecretsParameter?: string;
  /** The sender of turn emails; its domain must be a verified SES identity in the region. */
  readonly emailFrom?: string;
  /** An existing SES configuration set for the turn emails (event publishing, suppression, IP pool). */
  readonly sesConfigurationSet?: string;
  /**
   * Play by mail: the domain replies to turn emails are received at, e.g.
   * `play.games.example`. With it, turn emails carry codes and a signed Reply-To there, and SES
   * receiving stores each reply in S3 and hands it to the mail-in function. Its MX record points
   * at SES's inbound endpoint (docs/operations.md "Deploying to AWS", "Replies by email").
   */
  readonly replyDomain?: string;
  /** Entry of the mail-in function, for tests in the same way as `apiEntry`. */
  readonly mailInEntry?: string;
}

/** Where the receipt rule stores messages in the inbound bucket; the mail-in function reads only there. */
export const INBOUND_PREFIX = 'inbound/';
/** Replies are a few lines; a stored message is kept this long for a look after a failure, then deleted. */
export const INBOUND_RETENTION_DAYS = 7;

export class RailpostStack extends Stack {
  private readonly settings: StageSettings;
  private readonly namespace: string;

  constructor(scope: Construct, id: string, props: RailpostStackProps = {}) {
    super(scope, id, props);
    this.settings = stageSettings(props.stage ?? 'prod');
    const stageName = this.settings.name;
    // Each stage's metrics apart, so dev traffic never moves a prod alarm.
    this.namespace = `Railpost/${stageName}`;
    const alarmEmail = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      description: 'Where alarm notices go (an SNS email subscription; confirm the message AWS sends)',
      allowedPattern: '^[^@\\s]+@[^@\\s]+$',
    });

    const table = new TableV2(this, 'Table', {
      tableName: `railpost-${stageName}`,
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billing: Billing.onDemand(),
      // The stream feeds the notifier; NEW_IMAGE is all it reads (the written commit).
      dynamoStream: StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: this.settings.pointInTimeRecovery },
      timeToLiveAttribute: 'ttl',
      // In prod the event log is the source of truth: never lose it to a stack update or delete.
      // A dev table goes with its stack.
      deletionProtection: this.settings.deletionProtection,
      removalPolicy: this.settings.tableRemoval,
      // Sparse: only the DUE items of running timed games carry these keys (see functions/store/keys.ts).
      globalSecondaryIndexes: [
        {
          indexName: DEADLINE_INDEX,
          partitionKey: { name: 'dueShard', type: AttributeType.STRING },
          sortKey: { name: 'dueAt', type: AttributeType.STRING },
          projectionType: ProjectionType.KEYS_ONLY,
        },
      ],
    });

    if (!this.settings.pointInTimeRecovery) {
      Validations.of(table).acknowledge({ id: 'AwsSolutions-DDB3', reason: 'A dev table holds test games only; it may be destroyed with its stack, so it needs no backups.' });
    }

    // Rate-limit counters (functions/api/rate-limits.ts): short-lived and disposable, so no
    // backups, stream or retention; expired windows are deleted by TTL.
    const limitsTable = new TableV2(this, 'LimitsTable', {
      tableName: `railpost-${stageName}-limits`,
      partitionKey: { name: LIMITS_KEY, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      timeToLiveAttribute: LIMITS_TTL_ATTRIBUTE,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(limitsTable).acknowledge({
      id: 'AwsSolutions-DDB3',
      reason: 'Rate-limit counters live for minutes to an hour; restoring them would serve no one.',
    });

    const secretsParameter = props.notifySecretsParameter ?? '/railpost/notify-secrets';
    const parameterArn = this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: secretsParameter.replace(/^\//, '') });

    const emailFrom = props.emailFrom ?? 'railpost <turns@example.com>';
    const mailFrom = {
      EMAIL_FROM: emailFrom,
      ...(props.sesConfigurationSet ? { SES_CONFIGURATION_SET: props.sesConfigurationSet } : {}),
    };
    const apiFunction = this.lambdaFunction('Api', props.apiEntry ?? join(projectRoot, 'functions/api/lambda.ts'), {
      TABLE_NAME: table.tableName,
      LIMITS_TABLE_NAME: limitsTable.tableName,
      DOCS_ASSETS_DIR,
      WEB_ASSETS_DIR,
      NOTIFY_SECRETS_PARAMETER: secretsParameter,
      // Sign-in codes and address confirmations (docs/accounts.md) are sent by the API itself.
      ...mailFrom,
    }, {
      // /docs serves Swagger UI from files beside the bundle, never from a CDN; `/` serves the web client, built there too.
      withApiAssets: true,
      // A view asked with waitForVersion is held up to 25 s (functions/service/version-waits.ts), with room for the answer.
      timeout: Duration.seconds(29),
      // The cap on the API's share of the account's concurrency: what API Gateway's stage throttle did.
      reservedConcurrentExecutions: this.settings.apiConcurrency,
    });
    this.grantTable(apiFunction, table, ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchGetItem']);
    this.grantSecrets(apiFunction, parameterArn);
    this.grantTable(apiFunction, limitsTable, ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']);
    this.grantSend(apiFunction, emailFrom, props.sesConfigurationSet);

    // The API's front door is a Lambda function URL, not API Gateway: HTTP API's
    // $1 per million requests was $2 of every million moves' cost, and all it did here is done by
    // the app already (routing, problem+json, per-player and per-address rate limits, CORS, the
    // request log line) or by the function (reserved concurrency caps the whole API). No auth at
    // the URL by design: the app authenticates bearer tokens itself, and sign-up and the docs are public.
    const apiUrl = apiFunction.addFunctionUrl({ authType: FunctionUrlAuthType.NONE, invokeMode: InvokeMode.BUFFERED });

    const notifyEnvironment = {
      TABLE_NAME: table.tableName,
      NOTIFY_SECRETS_PARAMETER: secretsParameter,
      // The function URL (https://<id>.lambda-url.<region>.on.aws/) ends in a slash, and links are built as PUBLIC_URL + path.
      PUBLIC_URL: Fn.join('', ['https://', Fn.select(2, Fn.split('/', apiUrl.url))]),
      ...mailFrom,
      ...(props.replyDomain ? { REPLY_DOMAIN: props.replyDomain } : {}),
    };
    const notifier = this.lambdaFunction('Notifier', props.notifierEntry ?? join(projectRoot, 'functions/notify/lambda.ts'), notifyEnvironment);
    // Reads games and players, removes push and webhook endpoints that answer 404/410, and records
    // finished games: ratings, leaderboards and the search index (docs/playing.md, "Ratings").
    this.grantTable(notifier, table, ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    table.grantStreamRead(notifier);
    this.grantSecrets(notifier, parameterArn);
    this.grantSend(notifier, emailFrom, props.sesConfigurationSet);
    const deadLetters = new Queue(this, 'NotifierDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter destination of the notifier: it needs no dead-letter queue of its own.',
    });
    notifier.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: 5,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(deadLetters),
        // Only written commits, game status changes, reminder and digest claims and chat concern the notifier.
        filters: [
          FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(keys.commitPrefix) } } } }),
          FilterCriteria.filter({ dynamodb: { Keys: { sk: { S: FilterRule.isEqual(keys.meta) } } } }),
          FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(keys.reminderPrefix) } } } }),
          FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(keys.chatPrefix) } } } }),
          // A day's digest claimed by the sweeper.
          FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { Keys: { sk: { S: FilterRule.beginsWith(keys.digestDayPrefix) } } } }),
        ],
      }),
    );

    // Time controls: every minute, games past a reminder time or deadline get their policy
    // applied through the same conditional commit as a move; the stream above notifies.
    const sweeper = this.lambdaFunction('Sweeper', props.sweeperEntry ?? join(projectRoot, 'functions/sweep/lambda.ts'), { TABLE_NAME: table.tableName }, {
      timeout: Duration.seconds(55),
      // One sweep at a time is enough; overlapping sweeps would be safe (conditional writes) but wasteful.
      reservedConcurrentExecutions: 1,
    });
    // DeleteItem: lobby entries of the public games it closes (docs/playing.md "Lobby").
    this.grantTable(sweeper, table, ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchGetItem']);
    sweeper.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/${DEADLINE_INDEX}`] }));
    new Rule(this, 'SweepSchedule', {
      description: 'railpost deadline sweeper',
      schedule: Schedule.rate(Duration.minutes(1)),
      // A failed sweep is simply done again a minute later; no retries pile up behind it.
      targets: [new LambdaFunction(sweeper, { retryAttempts: 0 })],
    });

    const mailIn = props.replyDomain
      ? this.mailIn(props.replyDomain, props.mailInEntry ?? join(projectRoot, 'functions/mail-in/lambda.ts'), notifyEnvironment, {
          table,
          parameterArn,
          emailFrom,
          ...(props.sesConfigurationSet ? { configurationSet: props.sesConfigurationSet } : {}),
        })
      : null;

    const monitoring = new Monitoring(this, 'Monitoring', {
      stage: stageName,
      namespace: this.namespace,
      alarmEmail: alarmEmail.valueAsString,
      functions: { Api: apiFunction, Notifier: notifier, Sweeper: sweeper, ...(mailIn ? { MailIn: mailIn } : {}) },
      tables: { Table: table, LimitsTable: limitsTable },
      deadLetters,
    });

    new CfnOutput(this, 'ApiUrl', { value: apiUrl.url });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }

  /**
   * Replies by mail: an SES receipt rule for the reply domain stores each message in
   * an encrypted bucket that forgets it after a week, then invokes the mail-in function, which
   * reads it, checks the receipt's SPF and DKIM verdicts, and plays the move as the API would.
   * SES allows one active rule set per region and CloudFormation cannot activate one, so the
   * deployer activates it once (docs/operations.md "Deploying to AWS", "Replies by email").
   */
  private mailIn(
    replyDomain: string,
    entry: string,
    notifyEnvironment: Record<string, string>,
    grants: { table: TableV2; parameterArn: string; emailFrom: string; configurationSet?: string },
  ): LambdaFn {
    const stageName = this.settings.name;
    const bucket = new Bucket(this, 'InboundMail', {
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      lifecycleRules: [{ expiration: Duration.days(INBOUND_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only SES writes here and only the mail-in function reads, each message once; every message is deleted after ' +
        `${INBOUND_RETENTION_DAYS} days. What each reply did is in the mail-in function's log, so access logs would add a bucket and tell nothing new.`,
    });
    const fn = this.lambdaFunction('MailIn', entry, { ...notifyEnvironment, REPLY_DOMAIN: replyDomain, INBOUND_BUCKET: bucket.bucketName, INBOUND_PREFIX }, { timeout: Duration.seconds(30) });
    this.grantTable(fn, grants.table, ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchGetItem']);
    this.grantSecrets(fn, grants.parameterArn);
    this.grantSend(fn, grants.emailFrom, grants.configurationSet);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(`${INBOUND_PREFIX}*`)] }));
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(bucket.node.defaultChild as CfnBucket)}.Arn>/${INBOUND_PREFIX}*]`,
      reason: 'Objects are named by SES message ids, unknown in advance; the function reads only under the prefix the receipt rule writes to.',
    });
    new ReceiptRuleSet(this, 'ReplyRules', {
      receiptRuleSetName: `railpost-${stageName}-replies`,
      rules: [
        {
          recipients: [replyDomain],
          // Spam and virus verdicts on every message; the function skips one with a virus.
          scanEnabled: true,
          tlsPolicy: TlsPolicy.REQUIRE,
          actions: [new S3Action({ bucket, objectKeyPrefix: INBOUND_PREFIX }), new LambdaAction({ function: fn, invocationType: LambdaInvocationType.EVENT })],
        },
      ],
    });
    new CfnOutput(this, 'ReplyRuleSetName', { value: `railpost-${stageName}-replies` });
    return fn;
  }

  /** A Node 22 arm64 function bundled by infra/bundle.ts, with its own role and log group (no managed policies). */
  private lambdaFunction(
    id: string,
    entry: string,
    environment: Record<string, string>,
    extra: { withApiAssets?: boolean; timeout?: Duration; reservedConcurrentExecutions?: number } = {},
  ): LambdaFn {
    const { withApiAssets = false, timeout = Duration.seconds(10), reservedConcurrentExecutions } = extra;
    const logGroup = new LogGroup(this, `${id}FunctionLogs`, { retention: this.settings.logRetention, removalPolicy: this.settings.tableRemoval });
    // An explicit role instead of the default one, which carries the AWSLambdaBasicExecutionRole
    // managed policy (logs:CreateLogGroup and writes to every log group in the account).
    const role = new Role(this, `${id}FunctionRole`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const fn = new LambdaFn(this, `${id}Function`, {
      code: bundledCode(entry, withApiAssets),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout,
      ...(reservedConcurrentExecutions ? { reservedConcurrentExecutions } : {}),
      role,
      logGroup,
      // Traces of each invocation; the sweeper's and notifier's carry their AWS SDK calls too (Powertools Tracer,
      // functions/observability/tracing.ts), the API's do not. Lambda samples the first
      // request each second and 5% of the rest, which cannot be lowered per function.
      tracing: Tracing.ACTIVE,
      // JSON lines, and Lambda's own START, END and REPORT lines (INFO) left out: they were a third of
      // the bytes logged per invocation, and REPORT's figures are in Lambda's metrics anyway.
      // Powertools Logger follows the application level; errors and warnings of both kinds stay.
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: SystemLogLevel.WARN,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      environment: { NODE_OPTIONS: '--enable-source-maps', POWERTOOLS_METRICS_NAMESPACE: this.namespace, ...environment },
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which take no resource narrower than *.',
    });
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is pinned deliberately: it is a supported runtime and matches the esbuild target ' +
        '(node22) the bundle is built and tested for. Moving to nodejs24.x should be a tested upgrade, ' +
        'not an automatic one.',
    });
    return fn;
  }

  /** Item actions on the table itself; unlike TableV2.grant, no `index/*` wildcard comes with them. */
  private grantTable(fn: LambdaFn, table: TableV2, actions: string[]): void {
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [table.tableArn] }));
  }

  /** Read access to the one SecureString with the notification secrets (decrypted with the account's aws/ssm key). */
  /** Sending as the stage's sender (its domain's identity), and through the configuration set if one is named. */
  private grantSend(fn: LambdaFn, emailFrom: string, configurationSet: string | undefined): void {
    const senderDomain = /@([^>\s]+)/.exec(emailFrom)?.[1] ?? 'example.com';
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          this.formatArn({ service: 'ses', resource: 'identity', resourceName: senderDomain }),
          // SES also authorises a send against the configuration set it names.
          ...(configurationSet ? [this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet })] : []),
        ],
      }),
    );
  }

  private grantSecrets(fn: LambdaFn, parameterArn: string): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn] }));
  }
}

/**
 * The bundle of `entry`, built at synth by infra/bundle.ts on this machine (no Docker). The asset is
 * the entry's folder so each function's bundle is staged apart; it is hashed by its output, never
 * by its source.
 */
function bundledCode(entry: string, withApiAssets: boolean): Code {
  return Code.fromAsset(dirname(entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: Runtime.NODEJS_22_X.bundlingImage,
      local: {
        tryBundle(outputDir) {
          const args = ['--import', 'tsx', join(projectRoot, 'infra/bundle.ts'), entry, outputDir, ...(withApiAssets ? ['--api'] : [])];
          execFileSync(process.execPath, args, { cwd: projectRoot, stdio: 'inherit' });
          return true;
        },
      },
    },
  });
}
