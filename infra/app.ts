import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { RailpostStack } from './stack.js';
import { parseStage, stackName } from './stage.js';

const app = new App();
// Deploy-time settings: `npx cdk deploy -c stage=prod -c emailFrom='railpost <turns@your.domain>'
// -c notifySecretsParameter=/railpost/notify-secrets --parameters AlarmEmail=ops@your.domain`
// and optionally `-c sesConfigurationSet=<name>` and `-c replyDomain=play.your.domain` (docs/operations.md, "Deploying to AWS").
const context = (key: string): string | undefined => app.node.tryGetContext(key);
const stage = parseStage(context('stage'));
new RailpostStack(app, stackName(stage), {
  stage,
  ...(context('emailFrom') ? { emailFrom: context('emailFrom') } : {}),
  ...(context('notifySecretsParameter') ? { notifySecretsParameter: context('notifySecretsParameter') } : {}),
  ...(context('sesConfigurationSet') ? { sesConfigurationSet: context('sesConfigurationSet') } : {}),
  ...(context('replyDomain') ? { replyDomain: context('replyDomain') } : {}),
});
// cdk-nag 3 runs as a synth-time validation plugin (it replaced the v2 Aspect); any unacknowledged
// error fails `cdk synth`.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
