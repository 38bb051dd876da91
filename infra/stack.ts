import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

// Resolved from this file so synth and tests work from any working directory.
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

const DOCS_ASSETS_DIR = 'docs-assets';

export interface RailpostStackProps extends StackProps {
  /**
   * Entry file of the API Lambda. NodejsFunction checks that it exists even when bundling is
   * skipped, so tests can point it at any file and stay independent of functions/.
   */
  readonly apiEntry?: string;
}

export class RailpostStack extends Stack {
  constructor(scope: Construct, id: string, props: RailpostStackProps = {}) {
    super(scope, id, props);

    const table = new TableV2(this, 'Table', {
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      billing: Billing.onDemand(),
      // The stream feeds the notifier; NEW_IMAGE is all it reads (the appended event).
      dynamoStream: StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: 'ttl',
      // The event log is the source of truth: never lose it to a stack update or delete.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const apiLogs = new LogGroup(this, 'ApiFunctionLogs', { retention: RetentionDays.ONE_MONTH });
    // An explicit role instead of the default one, which carries the AWSLambdaBasicExecutionRole
    // managed policy (logs:CreateLogGroup and writes to every log group in the account).
    const apiRole = new Role(this, 'ApiFunctionRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    apiLogs.grantWrite(apiRole);

    const apiFunction = new NodejsFunction(this, 'ApiFunction', {
      entry: props.apiEntry ?? join(projectRoot, 'functions/api/lambda.ts'),
      handler: 'handler',
      projectRoot,
      depsLockFilePath: join(projectRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      role: apiRole,
      logGroup: apiLogs,
      environment: {
        TABLE_NAME: table.tableName,
        NODE_OPTIONS: '--enable-source-maps',
        DOCS_ASSETS_DIR,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // Prefer ESM builds: smaller bundles than the CJS `main` entries (STACK-NOTES §6).
        mainFields: ['module', 'main'],
        // CJS dependencies bundled into ESM still call require() for Node built-ins.
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        // A bundled SDK imports faster than the runtime's copy and pins the version we test with.
        bundleAwsSDK: true,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          // /docs serves Swagger UI from these files, never from a CDN.
          afterBundling: (inputDir, outputDir) => {
            const dist = `${inputDir}/node_modules/swagger-ui-dist`;
            return [
              `mkdir -p "${outputDir}/${DOCS_ASSETS_DIR}"`,
              `cp "${dist}/swagger-ui-bundle.js" "${dist}/swagger-ui.css" "${outputDir}/${DOCS_ASSETS_DIR}/"`,
            ];
          },
        },
      },
    });
    Validations.of(apiFunction).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is pinned deliberately: it is a supported runtime and matches the esbuild target ' +
        '(node22) the bundle is built and tested for. Moving to nodejs24.x should be a tested upgrade, ' +
        'not an automatic one.',
    });
    table.grant(
      apiFunction,
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:Query',
      'dynamodb:BatchGetItem',
    );

    const api = new HttpApi(this, 'HttpApi', {
      apiName: 'railpost',
      // The stage below replaces the default one so it can carry throttling and access logs.
      createDefaultStage: false,
    });
    const integration = new HttpLambdaIntegration('ApiIntegration', apiFunction);
    // Hono does all routing; API Gateway only forwards.
    api.addRoutes({ path: '/', methods: [HttpMethod.ANY], integration });
    api.addRoutes({ path: '/{proxy+}', methods: [HttpMethod.ANY], integration });
    Validations.of(api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'No API Gateway authorizer by design: the app authenticates requests itself with per-player ' +
        'bearer tokens (stored hashed in DynamoDB), and sign-up (POST /v1/players) and the API docs ' +
        'must be reachable without a token.',
    });

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_MONTH });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: api,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    new CfnOutput(this, 'ApiUrl', { value: stage.url });
    new CfnOutput(this, 'TableName', { value: table.tableName });
  }
}
