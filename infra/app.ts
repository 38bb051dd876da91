import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { RailpostStack } from './stack.js';
import { parseAccessLogs, parseStage, stackName } from './stage.js';

const app = new App();
// Deploy-time settings: `npx cdk deploy -c stage=prod -c emailFrom='railpost <turns@your.domain>'
// -c notifySecretsParameter=/railpost/notify-secrets --parameters AlarmEmail=ops@your.domain`
// and optionally `-c sesConfigurationSet=<name>`, `-c replyDomain=play.your.domain`, `-c accessLogs=true|false`
// and `-c domainName=api.your.domain -c certificateArn=<ACM ARN>` (docs/operations.md, "Deploying to AWS").
const context = (key: string): string | undefined => app.node.tryGetContext(key);
const stage = parseStage(context('stage'));
const accessLogs = parseAccessLogs(app.node.tryGetContext('accessLogs'));
new RailpostStack(app, stackName(stage), {
  stage,
  ...(context('emailFrom') ? { emailFrom: context('emailFrom') } : {}),
  ...(context('notifySecretsParameter') ? { notifySecretsParameter: context('notifySecretsParameter') } : {}),
  ...(context('sesConfigurationSet') ? { sesConfigurationSet: context('sesConfigurationSet') } : {}),
  ...(context('replyDomain') ? { replyDomain: context('replyDomain') } : {}),
  ...(accessLogs === undefined ? {} : { accessLogs }),
  domainName: context('domainName'),
  certificateArn: context('certificateArn'),
});
// cdk-nag 3 runs as a synth-time validation plugin (it replaced the v2 Aspect); any unacknowledged
// error fails `cdk synth`.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
