import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { MAX_INBOUND_BYTES, type InboundMessage } from '../mail-in/mail-in.js';

export interface SmtpInOptions {
  port: number;
  host: string;
  /** Only recipients at this domain are accepted (the reply addresses). */
  domain: string;
  receive: (message: InboundMessage) => Promise<void>;
  log: (line: string) => void;
}

export interface SmtpIn {
  port: number;
  close(): Promise<void>;
}

/**
 * The local stand-in for SES receiving (issue 20 #3): plain SMTP on this machine, no AUTH or TLS,
 * handing every message for the reply domain to the mail-in service. A message the service could
 * not handle is refused with a temporary error, so the sending server tries again.
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
      else callback(Object.assign(new Error(`No mailbox here for ${address.address}`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too big for a reply'), { responseCode: 552 }));
          return;
        }
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        options.receive({ raw: Buffer.concat(chunks), envelopeTo }).then(
          () => callback(),
          (err: unknown) => {
            options.log(`smtp-in: a message could not be handled: ${(err as Error).message}`);
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
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
