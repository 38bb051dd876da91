import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord, quoteString } from 'nodemailer/lib/mime-funcs';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Where a reply goes: a turn email's signed reply address. */
  replyTo?: string;
}

export interface EmailSender {
  send(mail: OutgoingMail): Promise<void>;
}

export interface Mailbox {
  name: string;
  address: string;
}

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

/** SES takes the From field as header text: a display name outside ASCII must be an RFC 2047 word. */
function sesAddress({ name, address }: Mailbox): string {
  if (!name) return address;
  const display = /^[\x20-\x7e]*$/.test(name) ? quoteString(name) : encodeWord(name, 'Q');
  return `${display} <${address}>`;
}
