/**
 * The synthesized stack the infra suites read (prod, no reply domain) and its IAM statements.
 */
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RailpostStack } from '../infra/stack.js';

// No stack is bundled, so esbuild never runs and the entry only has to exist: this file stands in
// for functions/api/lambda.ts.
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
export const stack = new RailpostStack(app, 'Railpost', {
  apiEntry: fileURLToPath(import.meta.url),
  notifierEntry: fileURLToPath(import.meta.url),
  sweeperEntry: fileURLToPath(import.meta.url),
  sweepWorkerEntry: fileURLToPath(import.meta.url),
  botWorkerEntry: fileURLToPath(import.meta.url),
  emailFrom: 'railpost <turns@games.example>',
});
export const template = Template.fromStack(stack);

export interface Statement {
  Action: string | string[];
  Resource?: unknown;
}

export function policyStatements(rolePrefix = ''): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(rolePrefix))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

export const actionsOf = (rolePrefix: string, service: string, resource = '') =>
  policyStatements(rolePrefix)
    .filter((s) => JSON.stringify(s.Resource ?? '').includes(resource))
    .flatMap((s) => [s.Action].flat())
    .filter((action) => action.startsWith(`${service}:`))
    .sort();
