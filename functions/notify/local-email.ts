/**
 * Email senders of a local run: through an SMTP server, or into an outbox folder. Apart from
 * email.ts, so that nodemailer's transports stay out of the Lambdas, which send through SES.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { parseMailbox, type EmailSender, type Mailbox, type OutgoingMail } from './email.js';

/** Sender for local runs, where nothing checks it. */
export const LOCAL_FROM = 'railpost <railpost@localhost>';

/** Sends through any SMTP server, e.g. SMTP_URL=smtp://127.0.0.1:2525 (Mailpit, smtp-server). */
export function smtpSender(url: string, from: string = LOCAL_FROM): EmailSender {
  const sender = parseMailbox(from);
  // nodemailer's defaults wait minutes for a dead server; a notifier should fail and retry instead.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail(composeOptions(sender, mail));
    },
  };
}

/**
 * Writes each message as a complete RFC 5322 file (CRLF line ends) that any mail client opens,
 * for local runs without an SMTP server.
 */
export function outboxSender(
  dir: string,
  log: (line: string) => void = console.log,
  from: string = LOCAL_FROM,
): EmailSender {
  const sender = parseMailbox(from);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const { message } = await transport.sendMail(composeOptions(sender, mail));
      await mkdir(dir, { recursive: true });
      // Time first so that a directory listing is in sending order; the suffix keeps names unique.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const path = join(dir, name);
      await writeFile(path, message as Buffer); // `buffer: true` above makes it a Buffer, not a stream
      log(`email to ${mail.to} "${mail.subject}" written to ${path}`);
    },
  };
}

function composeOptions(from: Mailbox, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? {},
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  };
}
