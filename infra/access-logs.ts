import { Validations, type Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, type IAccessLogSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import type { StageSettings } from './stage.js';

/**
 * An API Gateway stage, with JSON access logs (one object a line, `fields` naming the context
 * variables) to a log group kept as long as the functions' when `enabled`, and without them otherwise.
 */
export function withAccessLogs<S extends IConstruct>(
  stack: Stack,
  id: string,
  settings: StageSettings,
  enabled: boolean,
  fields: Record<string, string>,
  makeStage: (accessLogSettings: IAccessLogSettings | undefined) => S,
): S {
  if (!enabled) {
    const stage = makeStage(undefined);
    Validations.of(stage).acknowledge({
      id: 'AwsSolutions-APIG1',
      reason:
        'Access logs are off for this stage (its setting or -c accessLogs=false): the functions behind it log the ' +
        'requests they serve, and API Gateway metrics count every request, refusal and error.',
    });
    return stage;
  }
  const logGroup = new LogGroup(stack, `${id}AccessLogs`, {
    retention: settings.logRetention,
    removalPolicy: settings.tableRemoval,
  });
  return makeStage({
    destination: new LogGroupLogDestination(logGroup),
    format: AccessLogFormat.custom(JSON.stringify(fields)),
  });
}
