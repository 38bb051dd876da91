import { join } from 'node:path';
import { CfnOutput, CfnParameter, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { apiFunction } from './api-function.js';
import { botWorker } from './bot-worker.js';
import { customDomain, httpApi } from './front-door.js';
import { projectRoot, StageFunctions, type Mailing } from './lambda-function.js';
import { mailInFunction } from './mail-in.js';
import { Monitoring } from './monitoring.js';
import { notifierFunction } from './notifier.js';
import { stageSettings, type StageName } from './stage.js';
import { eventStream } from './stream.js';
import { sweeperFunctions } from './sweeper.js';
import { gameTables } from './tables.js';

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
  /** Entry of the sweep's queue-fed worker, likewise. */
  readonly sweepWorkerEntry?: string;
  /** Entry of the bot worker, for tests in the same way as `apiEntry`. */
  readonly botWorkerEntry?: string;
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
  /** Entry of the account event stream's function, for tests in the same way as `apiEntry`. */
  readonly streamEntry?: string;
  /** JSON access logs of the HTTP and WebSocket APIs; the stage's setting when not given. */
  readonly accessLogs?: boolean;
  /** The API's own host name (e.g. `api.games.example`); needs `certificateArn` too. */
  readonly domainName?: string;
  /** An ACM certificate for `domainName`, in the stack's region. */
  readonly certificateArn?: string;
}

/**
 * The whole stage: tables (tables.ts), the API (api-function.ts) behind its HTTP API
 * (front-door.ts), the account event stream's WebSocket API (stream.ts), the notifier
 * (notifier.ts), the sweeper (sweeper.ts), the bot worker (bot-worker.ts), mail-in (mail-in.ts), all made by StageFunctions
 * (lambda-function.ts), and their alarms (monitoring.ts).
 */
export class RailpostStack extends Stack {
  constructor(scope: Construct, id: string, props: RailpostStackProps = {}) {
    super(scope, id, props);
    const settings = stageSettings(props.stage ?? 'prod');
    const stageName = settings.name;
    const domain = customDomain(props.domainName, props.certificateArn);
    const accessLogs = props.accessLogs ?? settings.accessLogs;
    // Each stage's metrics apart, so dev traffic never moves a prod alarm.
    const namespace = `Railpost/${stageName}`;
    const alarmEmail = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      description: 'Where alarm notices go (an SNS email subscription; confirm the message AWS sends)',
      allowedPattern: '^[^@\\s]+@[^@\\s]+$',
    });

    const { table, limitsTable } = gameTables(this, settings);
    const functions = new StageFunctions(this, settings, namespace);

    const secretsParameter = props.notifySecretsParameter ?? '/railpost/notify-secrets';
    const parameterArn = this.formatArn({
      service: 'ssm',
      resource: 'parameter',
      resourceName: secretsParameter.replace(/^\//, ''),
    });

    const emailFrom = props.emailFrom ?? 'railpost <turns@example.com>';
    const mailFrom = {
      EMAIL_FROM: emailFrom,
      ...(props.sesConfigurationSet ? { SES_CONFIGURATION_SET: props.sesConfigurationSet } : {}),
    };
    const mailing: Mailing = {
      secretsParameter,
      parameterArn,
      emailFrom,
      configurationSet: props.sesConfigurationSet,
      environment: mailFrom,
    };
    const stream = eventStream(
      functions,
      table,
      accessLogs,
      props.streamEntry ?? join(projectRoot, 'functions/api/stream-lambda.ts'),
    );
    const api = apiFunction(
      functions,
      { table, limitsTable },
      mailing,
      stream,
      props.apiEntry ?? join(projectRoot, 'functions/api/lambda.ts'),
    );
    const front = httpApi(this, settings, api, accessLogs, domain);

    const notifyEnvironment = {
      TABLE_NAME: table.tableName,
      NOTIFY_SECRETS_PARAMETER: secretsParameter,
      PUBLIC_URL: front.publicUrl,
      ...mailFrom,
      ...(props.replyDomain ? { REPLY_DOMAIN: props.replyDomain } : {}),
    };
    const { notifier, deadLetters } = notifierFunction(
      functions,
      table,
      mailing,
      { ...notifyEnvironment, STREAM_ENDPOINT: stream.endpoint },
      props.notifierEntry ?? join(projectRoot, 'functions/notify/lambda.ts'),
    );
    stream.grantManageConnections(notifier);
    const sweep = sweeperFunctions(functions, table, {
      dispatcher: props.sweeperEntry ?? join(projectRoot, 'functions/sweep/lambda.ts'),
      worker: props.sweepWorkerEntry ?? join(projectRoot, 'functions/sweep/worker.ts'),
    });
    const mailIn = props.replyDomain
      ? mailInFunction(
          functions,
          props.replyDomain,
          props.mailInEntry ?? join(projectRoot, 'functions/mail-in/lambda.ts'),
          notifyEnvironment,
          table,
          mailing,
        )
      : null;
    const bots = botWorker(functions, table, props.botWorkerEntry ?? join(projectRoot, 'functions/bots/lambda.ts'));
    for (const writer of [api, sweep.worker, ...(mailIn ? [mailIn] : [])]) bots.queueFrom(writer);

    const monitoring = new Monitoring(this, 'Monitoring', {
      stage: stageName,
      namespace,
      alarmEmail: alarmEmail.valueAsString,
      functions: {
        Api: api,
        Notifier: notifier,
        Sweeper: sweep.sweeper,
        SweepWorker: sweep.worker,
        Stream: stream.fn,
        BotWorker: bots.worker,
        ...(mailIn ? { MailIn: mailIn } : {}),
      },
      httpStage: front.stage,
      streamStage: stream.stage,
      tables: { Table: table, LimitsTable: limitsTable },
      deadLetters,
      sweepDeadLetters: sweep.deadLetters,
      botTurnDeadLetters: bots.deadLetters,
    });

    new CfnOutput(this, 'ApiUrl', { value: front.publicUrl });
    new CfnOutput(this, 'StreamUrl', { value: stream.url });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }
}
