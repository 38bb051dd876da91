import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { RailpostStack } from './stack.js';

const app = new App();
new RailpostStack(app, 'Railpost');
// cdk-nag 3 runs as a synth-time validation plugin (it replaced the v2 Aspect); any unacknowledged
// error fails `cdk synth`.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
