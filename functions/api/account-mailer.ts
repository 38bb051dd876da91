/**
 * Sign-in codes and address confirmations leave from the API Lambda itself (the notifier sends
 * everything else). SES's client is loaded with the first such mail, so it stays off the move path
 * and out of the cold start; a failed load is tried again by the next mail.
 */
import type { AccountMail, Mailer } from '../service/account-mail.js';
import type { EmailSender } from '../notify/email.js';

export function sesAccountMailer(from: string, configurationSetName: string | undefined): Mailer {
  let sender: Promise<EmailSender> | null = null;
  const load = async (): Promise<EmailSender> => {
    const [{ SESv2Client }, { sesSender }] = await Promise.all([
      import('@aws-sdk/client-sesv2'),
      import('../notify/email.js'),
    ]);
    return sesSender({ client: new SESv2Client({}), from, ...(configurationSetName ? { configurationSetName } : {}) });
  };
  return {
    async send(mail: AccountMail) {
      sender ??= load().catch((err: unknown) => {
        sender = null;
        throw err;
      });
      await (await sender).send(mail);
    },
  };
}
