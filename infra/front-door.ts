import { CfnOutput, Validations, type Stack } from 'aws-cdk-lib';
import { ApiMapping, DomainName, HttpApi, HttpStage, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import { withAccessLogs } from './access-logs.js';
import type { StageSettings } from './stage.js';

/** `-c domainName=api.example.com -c certificateArn=arn:aws:acm:…`: the API served at a name of its own. */
export interface CustomDomain {
  readonly domainName: string;
  /** An ACM certificate for the name, in the stack's region (a regional endpoint). */
  readonly certificateArn: string;
}

/** Both values or neither: one alone would deploy an API at an address nobody meant. */
export function customDomain(domainName: string | undefined, certificateArn: string | undefined): CustomDomain | null {
  if (!domainName && !certificateArn) return null;
  if (!domainName || !certificateArn) {
    throw new Error(
      'A custom domain needs both -c domainName=<host name> and -c certificateArn=<ACM certificate ARN in the region>',
    );
  }
  return { domainName, certificateArn };
}

/** What the HTTP API logs of each request: who, what, how it was answered and how long it took. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  method: '$context.httpMethod',
  path: '$context.path',
  protocol: '$context.protocol',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
};

/**
 * The API's front door: an HTTP API whose one catch-all route hands every request to the API
 * function (payload format 2.0), its default stage throttled per stage, and optionally a custom
 * domain. Returns the public URL without a trailing slash: links are built as PUBLIC_URL + path.
 */
export function httpApi(
  stack: Stack,
  settings: StageSettings,
  fn: LambdaFn,
  accessLogs: boolean,
  domain: CustomDomain | null,
): { stage: HttpStage; publicUrl: string } {
  const api = new HttpApi(stack, 'HttpApi', {
    apiName: `railpost-${settings.name}`,
    // The stage is made below, with its throttle and access logs, which the default stage cannot take.
    createDefaultStage: false,
    defaultIntegration: new HttpLambdaIntegration('Api', fn, {
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
    }),
  });
  Validations.of(api.node.findChild('DefaultRoute')).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      'The app authenticates bearer tokens itself (functions/api), and sign-up, sign-in and the docs are public, ' +
      'so no API Gateway authorizer stands in front of the catch-all route.',
  });
  const stage = withAccessLogs(
    stack,
    'HttpApi',
    settings,
    accessLogs,
    ACCESS_LOG_FIELDS,
    (accessLogSettings) =>
      new HttpStage(stack, 'HttpApiStage', {
        httpApi: api,
        stageName: '$default',
        autoDeploy: true,
        throttle: settings.apiThrottle,
        ...(accessLogSettings ? { accessLogSettings } : {}),
      }),
  );
  if (!domain) return { stage, publicUrl: api.apiEndpoint };

  const domainName = new DomainName(stack, 'ApiDomain', {
    domainName: domain.domainName,
    certificate: Certificate.fromCertificateArn(stack, 'ApiCertificate', domain.certificateArn),
  });
  new ApiMapping(stack, 'ApiMapping', { api, domainName, stage });
  new CfnOutput(stack, 'ApiDomainTarget', {
    value: domainName.regionalDomainName,
    description: `Point ${domain.domainName} here (a CNAME, or an alias record in Route 53)`,
  });
  return { stage, publicUrl: `https://${domain.domainName}` };
}
