import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMailbox, sesSender } from './email.js';
import { outboxSender, smtpSender } from './local-email.js';
import { loadWords, sampleNotification } from './fixture.testkit.js';
import { renderEmail } from './message.js';
import { readEml, type ReadMail } from './read-eml.testkit.js';

// The mail below is composed as the module loads.
await loadWords();

const UNSUBSCRIBE = 'https://railpost.example/v1/unsubscribe/u1.eyJwIjoicF96b2UifQ.abc_-123';
const FROM = 'railpost turns <turns@railpost.example>';
const rendered = renderEmail(sampleNotification(), UNSUBSCRIBE);
const mail = { to: 'zoe@example.org', ...rendered };

/** What the recipient must see, whichever way the message travelled. */
function expectDelivered(m: ReadMail): void {
  expect(m.header('subject')).toBe('Your turn in Ticket to Ride: Europe');
  expect(m.header('from')).toContain('<turns@railpost.example>');
  expect(m.header('to')).toBe('zoe@example.org');
  expect(m.header('list-unsubscribe')).toBe(`<${UNSUBSCRIBE}>`);
  expect(m.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  expect(m.header('message-id')).toMatch(/^<.+@.+>$/);
  expect(m.header('date')).toBeTruthy();
  expect(m.contentType).toMatch(/^multipart\/alternative;/);
  const [text, html, ...rest] = m.parts;
  expect(rest).toEqual([]);
  expect(text?.contentType).toMatch(/^text\/plain; charset=utf-8/i);
  expect(html?.contentType).toMatch(/^text\/html; charset=utf-8/i);
  expect(text?.body).toContain('Hello Zoë,');
  expect(text?.body).toContain('Alice claimed Berlin–Wien (3 green)');
  expect(text?.body).toContain(`Open the game and its board: ${sampleNotification().link}`);
  expect(text?.body).toContain(`Stop these emails: ${UNSUBSCRIBE}`);
  expect(html?.body).toContain('<li>Alice claimed Berlin–Wien (3 green)</li>');
  expect(html?.body).toContain('href="https://railpost.example/#/games/g7Hk2mQpX9aBcDeF"');
  expect(html?.body).toContain(`href="${UNSUBSCRIBE}"`);
}

describe('smtpSender', () => {
  const received: { raw: string; from: string; to: string[] }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({
            raw: Buffer.concat(chunks).toString('utf8'),
            from,
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

  it('delivers a multipart/alternative message with the unsubscribe headers to a real SMTP server', async () => {
    await smtpSender(`smtp://127.0.0.1:${port}`, FROM).send(mail);

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got?.from).toBe('turns@railpost.example');
    expect(got?.to).toEqual(['zoe@example.org']);
    expectDelivered(readEml(got?.raw ?? ''));
  });

  it('rejects when no server answers, so the caller can retry', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(smtpSender(`smtp://127.0.0.1:${deadPort}`, FROM).send(mail)).rejects.toThrow();
  });
});

describe('outboxSender', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'railpost-outbox-')), 'outbox');
  });
  afterAll(() => rm(join(dir, '..'), { recursive: true, force: true }));

  it('creates the folder, writes one complete .eml per message and logs one line each', async () => {
    const lines: string[] = [];
    const sender = outboxSender(dir, (line) => lines.push(line), FROM);
    await sender.send(mail);
    await sender.send({ ...mail, subject: 'second' });

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('zoe@example.org');
    expect(lines[0]).toContain(join(dir, files[0] ?? ''));

    const raw = await readFile(join(dir, files[0] ?? ''), 'utf8');
    // RFC 5322 lines end in CRLF; a bare LF is not allowed.
    expect(raw).not.toMatch(/[^\r]\n/);
    const first = readEml(raw);
    const second = readEml(await readFile(join(dir, files[1] ?? ''), 'utf8'));
    expect([first, second].map((m) => m.header('subject')).sort()).toEqual([
      'Your turn in Ticket to Ride: Europe',
      'second',
    ]);
    expectDelivered(first.header('subject') === 'second' ? second : first);
  });
});

describe('sesSender', () => {
  const requests: { method: string; url: string; body: string }[] = [];
  let server: Server;
  let endpoint: string;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: 'local-1' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends Simple content (subject, text, HTML, unsubscribe headers) through SendEmail v2', async () => {
    const client = new SESv2Client({
      region: 'local',
      endpoint,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    await sesSender({
      client,
      from: 'Zoë’s railpost <turns@railpost.example>',
      configurationSetName: 'railpost-notify',
    }).send(mail);

    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v2/email/outbound-emails');
    expect(JSON.parse(req?.body ?? '')).toEqual({
      FromEmailAddress: '=?UTF-8?Q?Zo=C3=AB=E2=80=99s_railpost?= <turns@railpost.example>',
      Destination: { ToAddresses: ['zoe@example.org'] },
      ConfigurationSetName: 'railpost-notify',
      Content: {
        Simple: {
          Subject: { Data: rendered.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: rendered.text, Charset: 'UTF-8' }, Html: { Data: rendered.html, Charset: 'UTF-8' } },
          Headers: [
            { Name: 'List-Unsubscribe', Value: `<${UNSUBSCRIBE}>` },
            { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
          ],
        },
      },
    });
  });
});

describe('parseMailbox', () => {
  it('reads a display name and an address', () => {
    expect(parseMailbox(FROM)).toEqual({ name: 'railpost turns', address: 'turns@railpost.example' });
    expect(parseMailbox('turns@railpost.example')).toEqual({ name: '', address: 'turns@railpost.example' });
  });

  it('throws on a value that is not exactly one address', () => {
    expect(() => parseMailbox('')).toThrow();
    expect(() => parseMailbox('railpost')).toThrow();
    expect(() => parseMailbox('a@example.org, b@example.org')).toThrow();
    expect(() => smtpSender('smtp://127.0.0.1:1', 'nobody')).toThrow();
  });
});
