/**
 * Replies by mail in AWS. SES stores each message in S3, then invokes the
 * mail-in Lambda with a receipt event. This imports the real entry (functions/mail-in/lambda.ts)
 * and lets its real SDK clients call SSM, S3 and SESv2 on a local stand-in and DynamoDB on the
 * local server's store, where a real game runs. The events have the recorded shape of SES's Lambda
 * action (the AWS SES developer guide's example; the @types/aws-lambda `SESEvent` type checks it).
 */
import type { Context, SESEvent } from 'aws-lambda';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { LOCAL_REPLY_DOMAIN, LOCAL_TABLE } from '../../functions/local/server.js';
import { MAX_INBOUND_BYTES } from '../../functions/mail-in/mail-in.js';
import type { SesReceiptOutcome } from '../../functions/mail-in/ses-receipt.js';
import { playerWithEmail } from '../support/accounts.js';
import { dataOf, testClient, type Player } from '../support/client.js';
import { startFakeAws, type FakeAws } from '../support/fake-aws.js';
import { startMailWorld, type MailWorld, type Received } from './mail-kit.js';

const BUCKET = 'railpost-prod-inbound-mail';
const PREFIX = 'inbound/';
const SECRETS_PARAMETER = '/railpost/notify-secrets';

type Verdict = 'PASS' | 'FAIL' | 'GRAY' | 'PROCESSING_FAILED' | 'DISABLED';

interface ReceiptOptions {
  spf?: Verdict;
  dkim?: Verdict;
  virus?: Verdict;
  /** null: SES evaluated no DMARC (the receipt has no dmarcVerdict). */
  dmarc?: Verdict | null;
  /** The envelope sender (MAIL FROM) SPF was checked for; default the From address. */
  source?: string;
  /** The d= of the message's DKIM signature; default the From address's domain. */
  dkimDomain?: string;
}

/** SES's Lambda-action event for one received message, as SES writes it. */
function sesEvent(sesMessageId: string, from: string, to: string, verdicts: ReceiptOptions = {}): SESEvent {
  const source = verdicts.source ?? from;
  const dkimDomain = verdicts.dkimDomain ?? from.split('@')[1]!;
  const event: SESEvent = {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: {
            timestamp: '2026-11-24T16:30:02.028Z',
            source,
            messageId: sesMessageId,
            destination: [to],
            headersTruncated: false,
            headers: [
              { name: 'Return-Path', value: `<${source}>` },
              {
                name: 'DKIM-Signature',
                value: `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${dkimDomain}; s=s1; h=from:to:subject; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=dGVzdA==`,
              },
              {
                name: 'Received',
                value: `from mail.example.test by inbound-smtp.eu-west-1.amazonaws.com with SMTP id ${sesMessageId} for ${to}; Tue, 24 Nov 2026 16:30:02 +0000 (UTC)`,
              },
              { name: 'From', value: from },
              { name: 'To', value: to },
              { name: 'Subject', value: 'Re: your turn' },
            ],
            commonHeaders: {
              returnPath: source,
              from: [from],
              date: 'Tue, 24 Nov 2026 16:30:01 +0000',
              to: [to],
              messageId: `<${sesMessageId}@example.test>`,
              subject: 'Re: your turn',
            },
          },
          receipt: {
            timestamp: '2026-11-24T16:30:02.028Z',
            processingTimeMillis: 574,
            recipients: [to],
            spamVerdict: { status: 'PASS' },
            virusVerdict: { status: verdicts.virus ?? 'PASS' },
            spfVerdict: { status: verdicts.spf ?? 'PASS' },
            dkimVerdict: { status: verdicts.dkim ?? 'PASS' },
            dmarcVerdict: { status: verdicts.dmarc ?? 'PASS' },
            dmarcPolicy: 'none',
            action: {
              type: 'Lambda',
              functionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:railpost-prod-MailIn',
              invocationType: 'Event',
            },
          },
        },
      },
    ],
  } as SESEvent;
  if (verdicts.dmarc === null)
    delete (event.Records[0]!.ses.receipt as Partial<SESEvent['Records'][number]['ses']['receipt']>).dmarcVerdict;
  return event;
}

let world: MailWorld;
let aws: FakeAws;
let people: { client: Player; email: string }[];
let id: string;
let handler: (event: unknown, context: Context) => Promise<SesReceiptOutcome[]>;
let stored = 0;
const savedEnv = { ...process.env };
const context = { awsRequestId: 'req-1', functionName: 'railpost-prod-MailIn' } as Context;

const due = async () =>
  people[dataOf(await people[0]!.client.GET('/v1/games/{id}', { params: { path: { id } } })).toAct[0]!]!;
const version = async () =>
  dataOf(await people[0]!.client.GET('/v1/games/{id}/view', { params: { path: { id } } })).version;
const turnMail = async (p: { email: string }): Promise<Received> =>
  (await world.inbox(p.email)).filter((m) => m.replyTo).at(-1)!;

/** Stores a reply as SES's S3 action does, under a fresh SES message id; returns that id. */
async function storeReply(from: string, to: string, text: string): Promise<string> {
  return storeRaw(
    await new MailComposer({
      from,
      to,
      subject: 'Re: your turn',
      text,
      messageId: `<reply-${stored + 1}@example.test>`,
    })
      .compile()
      .build(),
  );
}

async function storeRaw(raw: Buffer): Promise<string> {
  const sesMessageId = `o3vrnil0e2ic28trm7dfhrc2v0cnbeccl4nbp${String(++stored).padStart(3, '0')}`;
  aws.objects.set(`${BUCKET}/${PREFIX}${sesMessageId}`, raw);
  return sesMessageId;
}

beforeAll(async () => {
  // On dynalite: the Lambda entries read the same table through its endpoint.
  world = await startMailWorld(undefined, { store: 'dynalite' });
  const api = testClient(world.server.url);
  people = await Promise.all(
    ['anna', 'ben'].map(async (n) => ({
      client: await playerWithEmail(world.server, api, n, `${n}@example.test`),
      email: `${n}@example.test`,
    })),
  );
  const created = dataOf(
    await people[0]!.client.POST('/v1/games', { body: { game: ticketToRideEurope.id, players: 2, options: {} } }),
  );
  id = created.id;
  await people[1]!.client.POST('/v1/games/{id}/join', {
    params: { path: { id } },
    body: { inviteCode: created.inviteCode! },
  });

  aws = await startFakeAws();
  const { vapid, unsubscribeSecret } = world.server.notifySecrets;
  aws.parameters.set(
    SECRETS_PARAMETER,
    JSON.stringify({
      vapidSubject: 'mailto:ops@games.example',
      vapidPublicKey: vapid.publicKey,
      vapidPrivateKey: vapid.privateKey,
      unsubscribeSecret,
    }),
  );
  // The function's environment as infra/stack.ts sets it, and the SDK's endpoints pointed here.
  Object.assign(process.env, {
    TABLE_NAME: LOCAL_TABLE,
    NOTIFY_SECRETS_PARAMETER: SECRETS_PARAMETER,
    REPLY_DOMAIN: LOCAL_REPLY_DOMAIN,
    INBOUND_BUCKET: BUCKET,
    INBOUND_PREFIX: PREFIX,
    PUBLIC_URL: 'https://api.games.example',
    EMAIL_FROM: 'railpost <turns@games.example>',
    POWERTOOLS_METRICS_NAMESPACE: 'Railpost/test',
    // Where a searching bot's turn would go (RP-BOT-1); the games here have no such bot.
    BOT_TURNS_QUEUE_URL: `${aws.url}/000000000000/bot-turns`,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: world.server.storeEndpoint,
    AWS_ENDPOINT_URL_S3: aws.url,
    AWS_ENDPOINT_URL_SSM: aws.url,
    AWS_ENDPOINT_URL_SESV2: aws.url,
  });
  ({ handler } = (await import('../../functions/mail-in/lambda.js')) as unknown as { handler: typeof handler });
}, 60_000);

afterAll(async () => {
  process.env = savedEnv;
  await aws.close();
  await world.close();
});

describe('the mail-in Lambda, on an SES receipt event and the message SES stored', () => {
  let played: { event: SESEvent; version: number };

  it('plays the code of a stored reply and answers through SES with what was played', async () => {
    const anna = people[0]!;
    const mail = await turnMail(anna);
    const before = await version();
    const event = sesEvent(await storeReply(anna.email, mail.replyTo!, '1'), anna.email, mail.replyTo!);
    expect(await handler(event, context)).toEqual([{ kind: 'played', gameId: id, code: '1', chat: false }]);
    expect(await version()).toBeGreaterThan(before);
    const answer = aws.sent.at(-1)!;
    expect(answer.Destination?.ToAddresses).toEqual([anna.email]);
    expect(answer.FromEmailAddress).toMatch(/<turns@games\.example>$/);
    expect(answer.Content?.Simple?.Subject?.Data).toBe('Your move in Ticket to Ride: Europe is played');
    const text = answer.Content?.Simple?.Body?.Text?.Data ?? '';
    expect(text).toContain('Your move by email is played: Keep 2 tickets');
    // The opening is simultaneous: Anna has nothing left to choose, so the answer has no codes and no reply address.
    expect(text).toContain('Waiting for: ben.');
    expect(answer.ReplyToAddresses).toBeUndefined();
    expect(text).toContain('https://api.games.example/#/games/');
    played = { event, version: await version() };
  });

  it('plays nothing twice when Lambda retries the same event (the reply’s Message-ID is claimed first)', async () => {
    const sent = aws.sent.length;
    expect(await handler(played.event, context)).toEqual([{ kind: 'dropped', reason: 'duplicate' }]);
    expect(await version()).toBe(played.version);
    expect(aws.sent).toHaveLength(sent);
  });

  it('answers a stale code with the current choices and a new reply address, which then plays', async () => {
    const ben = people[1]!;
    const first = await turnMail(ben);
    const before = await version();
    expect(
      await handler(sesEvent(await storeReply(ben.email, first.replyTo!, '1'), ben.email, first.replyTo!), context),
    ).toEqual([{ kind: 'answered', gameId: id, problem: 'stale' }]);
    expect(await version()).toBe(before);
    const answer = aws.sent.at(-1)!;
    expect(answer.Destination?.ToAddresses).toEqual([ben.email]);
    expect(answer.Content?.Simple?.Body?.Text?.Data).toContain('Your choices:');
    const next = answer.ReplyToAddresses?.[0] ?? '';
    expect(next.endsWith(`@${LOCAL_REPLY_DOMAIN}`)).toBe(true);
    expect(next).not.toBe(first.replyTo);
    expect(await handler(sesEvent(await storeReply(ben.email, next, '1'), ben.email, next), context)).toEqual([
      { kind: 'played', gameId: id, code: '1', chat: false },
    ]);
    expect(await version()).toBeGreaterThan(before);
  });

  it.each([
    ['SPF', { spf: 'FAIL' }],
    ['DKIM', { dkim: 'FAIL' }],
    ['SPF (soft, GRAY)', { spf: 'GRAY' }],
  ] as const)(
    'plays nothing and answers nobody when the receipt’s %s verdict does not pass',
    async (_name, verdicts) => {
      const ben = people[1]!;
      const mail = await turnMail(ben);
      const sent = aws.sent.length;
      const before = await version();
      const event = sesEvent(await storeReply(ben.email, mail.replyTo!, '1'), ben.email, mail.replyTo!, verdicts);
      expect(await handler(event, context)).toEqual([{ kind: 'dropped', reason: 'unauthenticated' }]);
      expect(await version()).toBe(before);
      expect(aws.sent).toHaveLength(sent);
    },
  );

  it('does not read a message SES found a virus in, nor one that is no longer stored, nor one too big for a reply', async () => {
    const ben = people[1]!;
    const to = (await turnMail(ben)).replyTo!;
    const before = await version();
    const infected = await storeReply(ben.email, to, '1');
    expect(await handler(sesEvent(infected, ben.email, to, { virus: 'FAIL' }), context)).toEqual([
      { kind: 'skipped', reason: 'virus', sesMessageId: infected },
    ]);
    expect(await handler(sesEvent('expired0000000000000000000000000', ben.email, to), context)).toEqual([
      { kind: 'skipped', reason: 'missing', sesMessageId: 'expired0000000000000000000000000' },
    ]);
    const big = await storeReply(ben.email, to, `1\n${'x'.repeat(MAX_INBOUND_BYTES)}`);
    expect(await handler(sesEvent(big, ben.email, to), context)).toEqual([
      { kind: 'skipped', reason: 'tooBig', sesMessageId: big },
    ]);
    expect(await version()).toBe(before);
  });

  it('refuses an event that is not an SES receipt (nothing is read or played)', async () => {
    const before = await version();
    await expect(handler({ Records: [{ eventSource: 'aws:s3', s3: {} }] }, context)).rejects.toThrow();
    expect(await version()).toBe(before);
  });

  it('RP-MAIL-1: 25 replies From the seat holder sent through another domain (its own SPF and DKIM pass, DMARC fails) play nothing and send nothing', async () => {
    const p = await due();
    const to = (await turnMail(p)).replyTo!;
    const sent = aws.sent.length;
    const before = await version();
    const forged = { source: 'bounce@mallory.test', dkimDomain: 'mallory.test', dmarc: 'FAIL' } as const;
    for (let i = 0; i < 25; i++) {
      expect(await handler(sesEvent(await storeReply(p.email, to, '1'), p.email, to, forged), context)).toEqual([
        { kind: 'dropped', reason: 'unauthenticated' },
      ]);
    }
    // Without a DMARC verdict the same holds: nothing the forger controls aligns with the player's domain.
    expect(
      await handler(sesEvent(await storeReply(p.email, to, '1'), p.email, to, { ...forged, dmarc: null }), context),
    ).toEqual([{ kind: 'dropped', reason: 'unauthenticated' }]);
    expect(await version()).toBe(before);
    expect(aws.sent).toHaveLength(sent);
  });

  it('RP-MAIL-1: where SES evaluated no DMARC, SPF for an envelope sender of the From domain (a subdomain) and DKIM vouch for the sender: the reply is read and answered', async () => {
    const p = await due();
    // The Lambda's own moves reach no turn email here (the stream notifier sends them in AWS): this address is stale.
    const to = (await turnMail(p)).replyTo!;
    const sent = aws.sent.length;
    const aligned = { source: 'bounces@mail.example.test', dkimDomain: 'mailer.test', dmarc: null } as const;
    expect(await handler(sesEvent(await storeReply(p.email, to, '1'), p.email, to, aligned), context)).toEqual([
      { kind: 'answered', gameId: id, problem: 'stale' },
    ]);
    expect(aws.sent).toHaveLength(sent + 1);
    expect(aws.sent.at(-1)!.Destination?.ToAddresses).toEqual([p.email]);
  });

  it('RP-MAIL-3: a stored message no parser can read is dropped, not thrown back to be retried, and plays nothing', async () => {
    const p = await due();
    const to = (await turnMail(p)).replyTo!;
    const before = await version();
    const sent = aws.sent.length;
    const parts = Array.from({ length: 1100 }, () => '--b\r\nContent-Type: text/plain\r\n\r\n1\r\n').join('');
    const raw = Buffer.from(
      `From: ${p.email}\r\nTo: ${to}\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${parts}--b--\r\n`,
    );
    expect(await handler(sesEvent(await storeRaw(raw), p.email, to), context)).toEqual([
      { kind: 'dropped', reason: 'unreadable' },
    ]);
    expect(await version()).toBe(before);
    expect(aws.sent).toHaveLength(sent);
  });
});
