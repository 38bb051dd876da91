import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import * as z from 'zod';

/**
 * The notification secrets in AWS: one SSM SecureString parameter holding JSON, created by the
 * deployer before `cdk deploy` (docs/operations.md "Deploying to AWS"); read once per cold start.
 */
export const NotifySecretsSchema = z.object({
  vapidSubject: z.string().regex(/^(mailto:|https:)/),
  vapidPublicKey: z.string().min(1),
  vapidPrivateKey: z.string().min(1),
  unsubscribeSecret: z.string().min(32),
});
export type NotifySecretsParameter = z.infer<typeof NotifySecretsSchema>;

export async function loadNotifySecretsParameter(
  name: string,
  client = new SSMClient({}),
): Promise<NotifySecretsParameter> {
  const out = await client.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
  return NotifySecretsSchema.parse(JSON.parse(out.Parameter?.Value ?? '{}'));
}
