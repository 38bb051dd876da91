import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord, quoteString } from 'nodemailer/lib/mime-funcs';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Where a reply goes: a turn email's signed reply address (issue 20 #2). */
  replyTo?: string;
}

export interface EmailSender {
  send(mail: OutgoingMail): Promise<void>;
}

export interface Mailbox {
  name: string;
  address: string;
}

/** Sender for local runs, where nothing checks it. */
export const LOCAL_FROM = 'railpost <railpost@localhost>';

/**
 * Reads a configured sender such as `railpost <turns@example.com>`. A bad value is a deployment
 * mistake, so it throws when the sender is built rather than on the first email.
 */
export function parseMailbox(from: string): Mailbox {
  const parsed = addressparser(from, { flatten: true });
  const [first] = parsed;
  if (parsed.length !== 1 || !first || !/^[^@\s]+@[^@\s]+$/.test(first.address)) {
    throw new Error(`not a single sender address: ${JSON.stringify(from)}`);
  }
  return { name: first.name, address: first.address };
}

/** Sends through any SMTP server, e.g. SMTP_URL=smtp://127.0.0.1:2525 (Mailpit, smtp-server). */
export function smtpSender(url: string, from: string = LOCAL_FROM): EmailSender {
  const sender = parseMailbox(from);
  // nodemailer's defaults wait minutes for a dead server; a notifier should fail and retry instead.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
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
export function outboxSender(dir: string, log: (line: string) => void = console.log, from: string = LOCAL_FROM): EmailSender {
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

export interface SesSenderOptions {
  client: SESv2Client;
  /** A verified identity (address or domain) in the client's region. */
  from: string;
  /** Routes bounce, complaint and delivery events; needed for reputation tracking. */
  configurationSetName?: string;
}

/** Amazon SES v2 "Simple" content: SES builds the MIME message and signs it (DKIM) itself. */
export function sesSender({ client, from, configurationSetName }: SesSenderOptions): EmailSender {
  const fromEmailAddress = sesAddress(parseMailbox(from));
  const utf8 = (data: string) => ({ Data: data, Charset: 'UTF-8' });
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: fromEmailAddress,
          Destination: { ToAddresses: [mail.to] },
          ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
          Content: {
            Simple: {
              Subject: utf8(mail.subject),
              Body: { Text: utf8(mail.text), Html: utf8(mail.html) },
              Headers: Object.entries(mail.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
            },
          },
          ConfigurationSetName: configurationSetName,
        }),
      );
    },
  };
}

function composeOptions(from: Mailbox, mail: OutgoingMail) {
  return { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers ?? {}, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}) };
}

/** SES takes the From field as header text: a display name outside ASCII must be an RFC 2047 word. */
function sesAddress({ name, address }: Mailbox): string {
  if (!name) return address;
  const display = /^[\x20-\x7e]*$/.test(name) ? quoteString(name) : encodeWord(name, 'Q');
  return `${display} <${address}>`;
}
