import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, Duration, Validations, type Stack } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ApplicationLogLevel,
  Architecture,
  Code,
  Function as LambdaFn,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { StageSettings } from './stage.js';

// Resolved from this file so synth and tests work from any working directory.
export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The notification secrets and the sender, shared by the functions that send mail (API, notifier, mail-in). */
export interface Mailing {
  /** The SSM SecureString with the notification secrets, by name and by ARN. */
  readonly secretsParameter: string;
  readonly parameterArn: string;
  readonly emailFrom: string;
  readonly configurationSet: string | undefined;
  /** EMAIL_FROM, and SES_CONFIGURATION_SET if a set is named. */
  readonly environment: Record<string, string>;
}

/** The item actions of a function that plays moves: the API, the sweeper and mail-in. */
export const PLAY_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchGetItem',
];

/**
 * The stack's functions, all made alike, and the grants they take. Their resources are created in
 * the stack itself, not in a construct of their own, so their logical IDs stay those of deployed stacks.
 */
export class StageFunctions {
  constructor(
    readonly stack: Stack,
    readonly settings: StageSettings,
    /** The CloudWatch namespace every function writes its metrics to. */
    readonly namespace: string,
  ) {}

  /** A Node 22 arm64 function bundled by infra/bundle.ts, with its own role and log group (no managed policies). */
  create(
    id: string,
    entry: string,
    environment: Record<string, string>,
    extra: { withApiAssets?: boolean; timeout?: Duration; reservedConcurrentExecutions?: number } = {},
  ): LambdaFn {
    const { withApiAssets = false, timeout = Duration.seconds(10), reservedConcurrentExecutions } = extra;
    const logGroup = new LogGroup(this.stack, `${id}FunctionLogs`, {
      retention: this.settings.logRetention,
      removalPolicy: this.settings.tableRemoval,
    });
    // An explicit role instead of the default one, which carries the AWSLambdaBasicExecutionRole
    // managed policy (logs:CreateLogGroup and writes to every log group in the account).
    const role = new Role(this.stack, `${id}FunctionRole`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const fn = new LambdaFn(this.stack, `${id}Function`, {
      code: bundledCode(entry, withApiAssets, this.settings.sourceMapsAtRuntime),
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
      environment: {
        ...(this.settings.sourceMapsAtRuntime ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
        POWERTOOLS_METRICS_NAMESPACE: this.namespace,
        ...environment,
      },
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which take no resource narrower than *.',
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
  grantTable(fn: LambdaFn, table: TableV2, actions: string[]): void {
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [table.tableArn] }));
  }

  /** Sending as the stage's sender (its domain's identity), and through the configuration set if one is named. */
  grantSend(fn: LambdaFn, emailFrom: string, configurationSet: string | undefined): void {
    const senderDomain = /@([^>\s]+)/.exec(emailFrom)?.[1] ?? 'example.com';
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          this.stack.formatArn({ service: 'ses', resource: 'identity', resourceName: senderDomain }),
          // SES also authorises a send against the configuration set it names.
          ...(configurationSet
            ? [this.stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet })]
            : []),
        ],
      }),
    );
  }

  /** Read access to the one SecureString with the notification secrets (decrypted with the account's aws/ssm key). */
  grantSecrets(fn: LambdaFn, parameterArn: string): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn] }));
  }
}

/**
 * The bundle of `entry`, built at synth by infra/bundle.ts on this machine (no Docker). The asset is
 * the entry's folder so each function's bundle is staged apart; it is hashed by its output, never
 * by its source.
 */
function bundledCode(entry: string, withApiAssets: boolean, sourceMapsAtRuntime: boolean): Code {
  return Code.fromAsset(dirname(entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: Runtime.NODEJS_22_X.bundlingImage,
      local: {
        tryBundle(outputDir) {
          execFileSync(process.execPath, bundleArguments(entry, outputDir, withApiAssets, sourceMapsAtRuntime), {
            cwd: projectRoot,
            stdio: 'inherit',
          });
          return true;
        },
      },
    },
  });
}

/**
 * The Node arguments that run infra/bundle.ts for one function. Its source maps are in its code
 * only where Node reads them: a map nothing reads would only grow what a cold start downloads.
 */
export function bundleArguments(
  entry: string,
  outputDir: string,
  withApiAssets: boolean,
  sourceMapsAtRuntime: boolean,
): string[] {
  return [
    '--import',
    'tsx',
    join(projectRoot, 'infra/bundle.ts'),
    entry,
    outputDir,
    ...(withApiAssets ? ['--api'] : []),
    ...(sourceMapsAtRuntime ? [] : ['--no-maps']),
  ];
}
