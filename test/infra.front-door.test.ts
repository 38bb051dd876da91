/**
 * The API's front door (an HTTP API before the API function) and the account event stream's
 * WebSocket API: routes, integrations, stage throttles, access logs, the custom domain, the
 * connections the functions may manage, their environment and the outputs.
 */
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { RailpostStack, type RailpostStackProps } from '../infra/stack.js';
import { PONG } from '../infra/stream.js';
import { parseAccessLogs } from '../infra/stage.js';
import { policyStatements, template } from './infra.testkit.js';

const entry = fileURLToPath(import.meta.url);
const stackWith = (props: RailpostStackProps) =>
  new RailpostStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'RailpostFrontDoor', {
    apiEntry: entry,
    notifierEntry: entry,
    sweeperEntry: entry,
    sweepWorkerEntry: entry,
    streamEntry: entry,
    ...props,
  });
const templateWith = (props: RailpostStackProps) => Template.fromStack(stackWith(props));
const dev = templateWith({ stage: 'dev' });

const functionNamed = (t: Template, prefix: string) =>
  Object.entries(t.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith(`${prefix}Function`))![1];
const variables = (t: Template, prefix: string) =>
  functionNamed(t, prefix).Properties.Environment.Variables as Record<string, unknown>;
const refTo = (prefix: string) => ({ Ref: expect.stringMatching(new RegExp(`^${prefix}`)) });

describe('the HTTP API in front of the API function', () => {
  it('hands every request to the API function on one catch-all route, payload format 2.0, and no function URL is left', () => {
    template.resourceCountIs('AWS::Lambda::Url', 0);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', Name: 'railpost-prod' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      ApiId: { Ref: Match.stringLikeRegexp('^HttpApi') },
      RouteKey: '$default',
      AuthorizationType: 'NONE',
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      ApiId: { Ref: Match.stringLikeRegexp('^HttpApi') },
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiFunction'), 'Arn'] },
    });
    // API Gateway may invoke the API function, and nothing else may.
    const open = Object.values(template.findResources('AWS::Lambda::Permission')).filter((p) =>
      JSON.stringify(p.Properties.FunctionName).includes('ApiFunction'),
    );
    expect(open.map((p) => p.Properties.Principal)).toEqual(['apigateway.amazonaws.com']);
  });

  it("throttles the default stage per stage, small in dev and larger in prod, and keeps the API function's reserved concurrency", () => {
    for (const [t, rate, burst, concurrency] of [
      [dev, 50, 100, 20],
      [template, 1000, 2000, 200],
    ] as const) {
      t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        ApiId: { Ref: Match.stringLikeRegexp('^HttpApi') },
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst },
      });
      expect(functionNamed(t, 'Api').Properties.ReservedConcurrentExecutions).toBe(concurrency);
    }
  });

  it('builds links on the HTTP API endpoint (no trailing slash) for the notifier, and outputs it as ApiUrl', () => {
    const endpoint = { 'Fn::GetAtt': [expect.stringMatching(/^HttpApi/), 'ApiEndpoint'] };
    expect(variables(template, 'Notifier').PUBLIC_URL).toEqual(endpoint);
    expect(template.findOutputs('ApiUrl').ApiUrl!.Value).toEqual(endpoint);
  });

  it('writes JSON access logs with the stage retention in prod, none in dev, and -c accessLogs overrides either', () => {
    const accessLogged = (t: Template) =>
      Object.values(t.findResources('AWS::ApiGatewayV2::Stage')).filter((s) => s.Properties.AccessLogSettings);
    const prodStages = accessLogged(template);
    expect(prodStages).toHaveLength(2);
    for (const stage of prodStages) {
      const format = JSON.parse(stage.Properties.AccessLogSettings.Format) as Record<string, string>;
      expect(format).toMatchObject({ requestId: '$context.requestId', ip: '$context.identity.sourceIp' });
    }
    const http = JSON.parse(
      Object.values(template.findResources('AWS::ApiGatewayV2::Stage')).find(
        (s) => s.Properties.StageName === '$default',
      )!.Properties.AccessLogSettings.Format,
    );
    expect(Object.keys(http)).toEqual(expect.arrayContaining(['method', 'path', 'status', 'latency']));
    expect(accessLogged(dev)).toHaveLength(0);
    expect(accessLogged(templateWith({ stage: 'dev', accessLogs: true }))).toHaveLength(2);
    expect(accessLogged(templateWith({ stage: 'prod', accessLogs: false }))).toHaveLength(0);
    expect([parseAccessLogs('true'), parseAccessLogs(false), parseAccessLogs(undefined)]).toEqual([
      true,
      false,
      undefined,
    ]);
    expect(() => parseAccessLogs('yes')).toThrow(/-c accessLogs takes true or false/);
  });

  it('passes cdk-nag with access logs on or off, a custom domain or none', () => {
    for (const props of [
      { stage: 'dev', accessLogs: true },
      {
        stage: 'prod',
        accessLogs: false,
        domainName: 'api.games.example',
        certificateArn: 'arn:aws:acm:eu-central-1:1:certificate/x',
      },
    ] as const) {
      expect(new AwsSolutionsChecks().validateScope(stackWith(props)).violations).toEqual([]);
    }
  });

  it('serves a custom domain only with both -c domainName and -c certificateArn, and links and ApiUrl use it', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 0);
    const certificateArn = 'arn:aws:acm:eu-central-1:123456789012:certificate/abc';
    const named = templateWith({ domainName: 'api.games.example', certificateArn });
    named.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.games.example',
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: certificateArn, EndpointType: 'REGIONAL' })],
    });
    named.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
      ApiId: { Ref: Match.stringLikeRegexp('^HttpApi') },
      DomainName: { Ref: Match.stringLikeRegexp('^ApiDomain') },
      Stage: '$default',
    });
    expect(variables(named, 'Notifier').PUBLIC_URL).toBe('https://api.games.example');
    named.hasOutput('ApiUrl', { Value: 'https://api.games.example' });
    named.hasOutput('ApiDomainTarget', {
      Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiDomain'), 'RegionalDomainName'] },
    });
    expect(() => stackWith({ domainName: 'api.games.example' })).toThrow(/needs both -c domainName.*-c certificateArn/);
    expect(() => stackWith({ certificateArn })).toThrow(/needs both -c domainName.*-c certificateArn/);
  });
});

describe("the account event stream's WebSocket API", () => {
  const routes = () =>
    Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
      .map((r) => r.Properties)
      .filter((r) => JSON.stringify(r.ApiId).includes('StreamApi'));
  const integrationOf = (routeKey: string) => {
    const target = JSON.stringify(routes().find((r) => r.RouteKey === routeKey)!.Target);
    const [id] = Object.entries(template.findResources('AWS::ApiGatewayV2::Integration')).find(([id]) =>
      target.includes(`"${id}"`),
    )!;
    return template.findResources('AWS::ApiGatewayV2::Integration')[id]!.Properties;
  };

  it('routes $connect, $disconnect, subscribe, unsubscribe and any other message ($default) to the stream function by $request.body.action', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    expect(
      routes()
        .map((r) => r.RouteKey)
        .sort(),
    ).toEqual(['$connect', '$default', '$disconnect', 'ping', 'subscribe', 'unsubscribe']);
    for (const routeKey of ['$connect', '$disconnect', '$default', 'subscribe', 'unsubscribe']) {
      expect(integrationOf(routeKey), routeKey).toMatchObject({ IntegrationType: 'AWS_PROXY' });
      expect(JSON.stringify(integrationOf(routeKey).IntegrationUri)).toContain('StreamFunction');
    }
  });

  it('answers ping from API Gateway itself, a mock with a pong, so keep-alives cost no invocation', () => {
    expect(integrationOf('ping')).toMatchObject({
      IntegrationType: 'MOCK',
      RequestTemplates: { $default: '{"statusCode": 200}' },
    });
    expect(routes().find((r) => r.RouteKey === 'ping')).toMatchObject({ RouteResponseSelectionExpression: '$default' });
    template.hasResourceProperties('AWS::ApiGatewayV2::RouteResponse', { RouteResponseKey: '$default' });
    template.hasResourceProperties('AWS::ApiGatewayV2::IntegrationResponse', {
      IntegrationResponseKey: '$default',
      ResponseTemplates: { $default: PONG },
    });
  });

  it('deploys its stage on every change, throttled per stage', () => {
    for (const [t, stage, rate, burst] of [
      [dev, 'dev', 20, 50],
      [template, 'prod', 200, 500],
    ] as const) {
      t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        ApiId: { Ref: Match.stringLikeRegexp('^StreamApi') },
        StageName: stage,
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst },
      });
    }
  });

  it("lets the stream, notifier and API functions manage this stage's connections only", () => {
    for (const role of ['StreamFunctionRole', 'NotifierFunctionRole', 'ApiFunctionRole']) {
      const grants = policyStatements(role).filter((s) => [s.Action].flat().includes('execute-api:ManageConnections'));
      expect(grants, role).toHaveLength(1);
      expect(JSON.stringify(grants[0]!.Resource), role).toMatch(/StreamApi[A-F0-9]+"\},"\/prod\/\*\/@connections\/\*"/);
    }
    expect(policyStatements('SweeperFunctionRole').flatMap((s) => [s.Action].flat())).not.toContain(
      'execute-api:ManageConnections',
    );
  });

  it('gives the stream function the table and the management endpoint, and the API the wss URL it hands out with tickets', () => {
    // https://<api id>.execute-api.<region>.<url suffix>/prod, and the same in wss://.
    const at = [refTo('StreamApi'), '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/prod'];
    const endpoint = { 'Fn::Join': ['', ['https://', ...at]] };
    const url = { 'Fn::Join': ['', ['wss://', ...at]] };
    expect(variables(template, 'Stream')).toMatchObject({ TABLE_NAME: refTo('Table'), STREAM_ENDPOINT: endpoint });
    expect(variables(template, 'Notifier').STREAM_ENDPOINT).toEqual(endpoint);
    expect(variables(template, 'Api')).toMatchObject({
      STREAM_ENDPOINT: endpoint,
      STREAM_URL: url,
    });
    expect(template.findOutputs('StreamUrl').StreamUrl!.Value).toEqual(url);
  });

  it('lets the stream function read and write connection items in the table, and nothing wider', () => {
    const actions = policyStatements('StreamFunctionRole')
      .filter((s) => JSON.stringify(s.Resource ?? '').includes('"Table'))
      .flatMap((s) => [s.Action].flat())
      .sort();
    expect(actions).toEqual([
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
  });
});
