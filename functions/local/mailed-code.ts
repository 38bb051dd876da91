import type { OutgoingMail } from '../notify/email.js';

/**
 * The six-digit code of the newest mail sent to `address` (sign-in or address confirmation): how
 * local tools and suites confirm an address without a mailbox. The local server keeps what it sent.
 */
export function mailedCode(sent: readonly OutgoingMail[], address: string): string {
  const mail = sent.filter((m) => m.to === address).at(-1);
  const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code was mailed to ${address}`);
  return code;
}
