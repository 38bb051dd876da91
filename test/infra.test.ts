import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { RailpostStack } from '../infra/stack.js';

// No stack is bundled, so esbuild never runs and the entry only has to exist: this file stands in
// for functions/api/lambda.ts.
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new RailpostStack(app, 'Railpost', { apiEntry: fileURLToPath(import.meta.url) });
const template = Template.fromStack(stack);

interface Statement {
  Action: string | string[];
}

function policyStatements(): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (policy) => policy.Properties.PolicyDocument.Statement as Statement[],
  );
}

describe('Railpost stack', () => {
  it('has no cdk-nag AwsSolutions findings left unacknowledged', () => {
    expect(new AwsSolutionsChecks().validateScope(stack).violations).toEqual([]);
  });

  it('keeps the event log in one retained, recoverable table with a NEW_IMAGE stream and TTL', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
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

  it('runs the API on nodejs22.x arm64 with the table name, source maps and docs assets in its environment', () => {
    template.resourceCountIs('AWS::Lambda::Function', 1);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 1024,
      Timeout: 10,
      Environment: {
        Variables: {
          TABLE_NAME: { Ref: Match.stringLikeRegexp('^Table') },
          NODE_OPTIONS: '--enable-source-maps',
          DOCS_ASSETS_DIR: 'docs-assets',
        },
      },
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp('^ApiFunctionLogs') } },
    });
  });

  it('grants the API function exactly GetItem, PutItem, UpdateItem, Query and BatchGetItem on the table', () => {
    const dynamoActions = policyStatements()
      .flatMap((s) => [s.Action].flat())
      .filter((action) => action.startsWith('dynamodb:'));
    // An exact list also rules out dynamodb:* and grantFullAccess-style extras.
    expect(dynamoActions.sort()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
  });

  it('attaches no AWS managed policies to any role', () => {
    for (const role of Object.values(template.findResources('AWS::IAM::Role'))) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('routes the root and every path, any method, to the API function through an HTTP API', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
    for (const routeKey of ['ANY /', 'ANY /{proxy+}']) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey, AuthorizationType: 'NONE' });
    }
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 2);
  });

  it('throttles the default stage and writes JSON access logs to their own log group', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] },
        Format: Match.serializedJson(
          Match.objectLike({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
          }),
        ),
      },
    });
  });

  it('keeps function and access logs for one month', () => {
    const logGroups = Object.values(template.findResources('AWS::Logs::LogGroup'));
    expect(logGroups).toHaveLength(2);
    for (const logGroup of logGroups) expect(logGroup.Properties.RetentionInDays).toBe(30);
  });

  it('outputs the API URL and the table name', () => {
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^Table') } });
  });
});
