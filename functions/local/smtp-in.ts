import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { MAX_INBOUND_BYTES, type InboundMessage, type MailInOutcome } from '../mail-in/mail-in.js';

export interface SmtpInOptions {
  port: number;
  host: string;
  /** Only recipients at this domain are accepted (the reply addresses). */
  domain: string;
  /**
   * Development only: take the From header at its word for messages from this machine (RP-MAIL-1).
   * Without it no local message can play, because plain SMTP proves nothing about its sender.
   */
  trustFrom: boolean;
  receive: (message: InboundMessage) => Promise<MailInOutcome>;
  log: (line: string) => void;
}

export interface SmtpIn {
  port: number;
  close(): Promise<void>;
}

/** A message's bytes as they arrive, or `tooBig` once they pass the limit; `held` is what was kept. */
export interface Collected {
  raw: Buffer | 'tooBig';
  held: number;
}

/**
 * Reads a DATA stream to its end, keeping at most `maxBytes`: past the limit the rest is read and
 * let go, so an oversize message costs no more memory than a reply may have.
 */
export function collectMessage(stream: Readable, maxBytes: number): Promise<Collected> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let held = 0;
    let tooBig = false;
    stream.on('data', (c: Buffer) => {
      if (tooBig) return;
      if (held + c.length > maxBytes || (stream as Readable & { sizeExceeded?: boolean }).sizeExceeded) {
        tooBig = true;
        chunks.length = 0;
        return;
      }
      chunks.push(c);
      held += c.length;
    });
    stream.on('error', fail);
    stream.on('end', () => ok({ raw: tooBig ? 'tooBig' : Buffer.concat(chunks), held }));
  });
}

const refusal = (responseCode: number, text: string) => Object.assign(new Error(text), { responseCode });
const loopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * The local stand-in for SES receiving: plain SMTP on this machine, no AUTH or TLS,
 * handing every message for the reply domain to the mail-in service. A message bigger than a reply
 * is refused at the size limit (552); one that no parser can read is refused for good (554,
 * RP-MAIL-3); one the service could not handle for another reason (the store failing) is refused
 * with a temporary error, so the sending server tries again.
 */
export async function startSmtpIn(options: SmtpInOptions): Promise<SmtpIn> {
  const domain = options.domain.toLowerCase();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_INBOUND_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${domain}`)) callback();
      else callback(refusal(550, `No mailbox here for ${address.address}`));
    },
    onData(stream, session, callback) {
      collectMessage(stream, MAX_INBOUND_BYTES)
        .then(async ({ raw }) => {
          if (raw === 'tooBig') return callback(refusal(552, 'Message too big for a reply'));
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const sender =
            options.trustFrom && loopback(session.remoteAddress) ? { sender: { kind: 'trustedFrom' as const } } : {};
          const outcome = await options.receive({ raw, envelopeTo, ...sender });
          if (outcome.kind === 'dropped' && outcome.reason === 'unreadable')
            return callback(refusal(554, 'This message cannot be read'));
          callback();
        })
        .catch((err: unknown) => {
          options.log(`smtp-in: a message could not be handled: ${(err as Error).message}`);
          callback(refusal(451, 'Try again later'));
        });
    },
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => ok());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}
