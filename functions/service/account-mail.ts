/**
 * The emails of sign-in and address confirmation. The service sends them through this port; the
 * local server and the Lambda hand it the same sender the notifier uses.
 */
import { CODE_MINUTES } from './one-time-codes.js';

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: AccountMail): Promise<void>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function compose(to: string, subject: string, lead: string, code: string, link: string): AccountMail {
  const tail = `The code works for ${CODE_MINUTES} minutes, once. If you did not ask for it, ignore this email.`;
  return {
    to,
    subject,
    text: `${lead}\n\n    ${code}\n\nor open ${link}\n\n${tail}\n`,
    html: `<p>${escape(lead)}</p><p style="font-size:1.6em;letter-spacing:.2em"><strong>${code}</strong></p><p><a href="${escape(link)}">${escape(link)}</a></p><p>${escape(tail)}</p>`,
  };
}

export const signInMail = (to: string, code: string, link: string) =>
  compose(to, `railpost sign-in code ${code}`, 'Your railpost sign-in code:', code, link);

export const confirmationMail = (to: string, code: string, link: string) =>
  compose(
    to,
    `Confirm your railpost address: ${code}`,
    'Confirm this address for your railpost account with the code',
    code,
    link,
  );
