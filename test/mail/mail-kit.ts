/**
 * Play by mail as a person does it: replies are real SMTP messages sent with
 * nodemailer to the local server's inbound port, and the answers are the `.eml` files the server
 * writes to its outbox, read back with mailparser.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { simpleParser } from 'mailparser';
import { outboxSender } from '../../functions/notify/local-email.js';
import { startLocalServer, type LocalServer } from '../../functions/local/server.js';
import { RAISED_LIMITS, testRegistry } from '../support/local.js';

export interface Received {
  file: string;
  to: string;
  subject: string;
  replyTo: string | null;
  messageId: string;
  text: string;
  html: string;
}

export interface MailWorld {
  server: LocalServer;
  /** Every mail in the outbox to `address` (account codes left out), oldest first. */
  inbox(address: string): Promise<Received[]>;
  /** Sends a reply over SMTP; resolves once the server has taken it and the notices it set off are out. */
  send(mail: OutgoingReply): Promise<void>;
  /** Sends a message's bytes over SMTP as they are; rejects with the server's refusal (its `responseCode`). */
  sendRaw(envelope: { from: string; to: string }, raw: Buffer): Promise<void>;
  close(): Promise<void>;
}

export interface OutgoingReply {
  from: string;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  messageId?: string;
  inReplyTo?: string;
}

const ACCOUNT_MAIL = /^(railpost sign-in code|Confirm your railpost address)/;

/**
 * `now`: the server's clock, for tests that wait for an hour of the day (daily digests).
 * `trustMailFrom`: the development setting under which a local reply plays as its From (default on).
 * `store`: where the server keeps its data (default the in-memory stores).
 */
export async function startMailWorld(
  now?: () => Date,
  { trustMailFrom = true, store = 'memory' as 'memory' | 'dynalite' } = {},
): Promise<MailWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'railpost-mail-'));
  const server = await startLocalServer({
    store,
    registry: testRegistry(),
    limits: RAISED_LIMITS,
    sweepMs: 0,
    smtpInPort: 0,
    trustMailFrom,
    email: outboxSender(dir, () => {}),
    ...(now ? { now } : {}),
  });
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: server.smtpInPort!,
    secure: false,
    ignoreTLS: true,
  });
  const seen = new Map<string, Received>();
  const read = async (): Promise<Received[]> => {
    await server.notificationsIdle();
    for (const file of (await readdir(dir)).sort()) {
      if (seen.has(file)) continue;
      const mail = await simpleParser(await readFile(join(dir, file)));
      const first = (a: typeof mail.to) => (Array.isArray(a) ? a[0] : a)?.value[0]?.address ?? '';
      seen.set(file, {
        file,
        to: first(mail.to),
        subject: mail.subject ?? '',
        replyTo: mail.replyTo?.value[0]?.address ?? null,
        messageId: mail.messageId ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
      });
    }
    return [...seen.values()].sort((a, b) => a.file.localeCompare(b.file));
  };
  return {
    server,
    inbox: async (address) => (await read()).filter((m) => m.to === address && !ACCOUNT_MAIL.test(m.subject)),
    async send(mail) {
      await transport.sendMail({
        ...mail,
        subject: mail.subject ?? 'Re: your turn',
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
      await server.notificationsIdle();
    },
    async sendRaw(envelope, raw) {
      await transport.sendMail({ envelope, raw });
      await server.notificationsIdle();
    },
    async close() {
      transport.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The code the turn email lists for an action: on the line that reads `text` (the action in
 * words), or, where a place's choices are listed side by side, beside `place.label` in the lines
 * under `place.title`.
 */
export function codeFor(mail: Received, text: string, place?: { title: string; label: string }): string {
  const lines = mail.text.split('\n');
  const line = lines.find((l) => l.replace(/^\s*\S+\s+/, '') === text);
  if (line) return line.trim().split(/\s+/)[0]!;
  const start = place ? lines.indexOf(`${place.title}:`) : -1;
  if (place && start >= 0) {
    const end = lines.indexOf('', start);
    const items = lines.slice(start + 1, end < 0 ? undefined : end).flatMap((l) => l.trim().split(/ {3}/));
    const item = items.find((i) => i.replace(/^\S+ /, '') === place.label);
    if (item) return item.split(' ')[0]!;
  }
  throw new Error(
    `no choice reads "${text}"${place ? ` or "${place.label}" under "${place.title}"` : ''} in:\n${mail.text}`,
  );
}

/** Quoted history as the common mail clients write it under a reply. */
export const quoted = {
  gmail: (top: string, original: Received) =>
    `${top}\n\nOn Tue, 24 Nov 2026 at 12:00, railpost <railpost@localhost> wrote:\n\n${original.text
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')}\n`,
  outlook: (top: string, original: Received) =>
    `${top}\n\n________________________________\nFrom: railpost <railpost@localhost>\nSent: Tuesday, November 24, 2026 12:00 PM\nTo: ${original.to}\nSubject: ${original.subject}\n\n${original.text}\n`,
  appleMail: (top: string, original: Received) =>
    `${top}\n\nSent from my iPhone\n\n> On 24 Nov 2026, at 12:00, railpost <railpost@localhost> wrote:\n> \n${original.text
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')}\n`,
};
