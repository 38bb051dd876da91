/**
 * What a reply by email cannot do to the service or to a player, over real SMTP: play as someone
 * it does not come from (RP-MAIL-1), stall the service with a long body (RP-MAIL-2), be retried
 * for ever when no parser can read it (RP-MAIL-3), be held in memory past the size limit, or fill
 * a player's mailbox with answers (RP-MAIL-4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketToRideEurope } from '../../engine/games/ticket-to-ride-europe/index.js';
import { MAX_INBOUND_BYTES } from '../../functions/mail-in/mail-in.js';
import { MAIL_ANSWERS } from '../../functions/service/limits.js';
import { dataOf, testClient, type Player } from '../support/client.js';
import { playerWithEmail } from '../support/accounts.js';
import { startMailWorld, type MailWorld, type Received } from './mail-kit.js';

interface Table {
  world: MailWorld;
  people: { client: Player; email: string }[];
  id: string;
}

/**
 * The service's clock runs at the wall clock's pace from the top of an hour: the answers' counter
 * (RP-MAIL-4) counts per clock hour, and a suite that ran across one would see it start again.
 */
function fromTheHour(): () => Date {
  const started = Date.now();
  const hour = Date.parse('2026-03-02T09:00:00Z');
  return () => new Date(hour + (Date.now() - started));
}

async function table(trustMailFrom: boolean): Promise<Table> {
  const world = await startMailWorld(fromTheHour(), { trustMailFrom });
  const api = testClient(world.server.url);
  const people = await Promise.all(
    ['anna', 'ben'].map(async (n) => ({
      client: await playerWithEmail(world.server, api, n, `${n}@example.test`),
      email: `${n}@example.test`,
    })),
  );
  const created = dataOf(
    await people[0]!.client.POST('/v1/games', { body: { game: ticketToRideEurope.id, players: 2, options: {} } }),
  );
  await people[1]!.client.POST('/v1/games/{id}/join', {
    params: { path: { id: created.id } },
    body: { inviteCode: created.inviteCode! },
  });
  return { world, people, id: created.id };
}

const version = async (t: Table) =>
  dataOf(await t.people[0]!.client.GET('/v1/games/{id}/view', { params: { path: { id: t.id } } })).version;
const turnMail = async (t: Table, p: { email: string }): Promise<Received> =>
  (await t.world.inbox(p.email)).filter((m) => m.replyTo).at(-1)!;
const mailCount = async (t: Table) =>
  (await t.world.inbox('anna@example.test')).length + (await t.world.inbox('ben@example.test')).length;

/** A multipart message of `parts` parts, each a line of text. */
function manyParts(from: string, to: string, parts: number): Buffer {
  const boundary = 'b0undary';
  const body = Array.from(
    { length: parts },
    (_, i) => `--${boundary}\r\nContent-Type: text/plain\r\n\r\n${i === 0 ? '1' : 'x'}\r\n`,
  ).join('');
  return Buffer.from(
    `From: ${from}\r\nTo: ${to}\r\nSubject: Re: your turn\r\nMessage-ID: <parts-${parts}@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${body}--${boundary}--\r\n`,
  );
}

describe('RP-MAIL-1: locally, plain SMTP proves nothing about its sender', () => {
  let t: Table;
  beforeAll(async () => {
    t = await table(false);
  }, 60_000);
  afterAll(() => t.world.close());

  it('without the development setting, a reply From the seat holder with their own reply address plays nothing and is answered with nothing', async () => {
    const anna = t.people[0]!;
    const before = await version(t);
    const sent = await mailCount(t);
    await t.world.send({ from: anna.email, to: (await turnMail(t, anna)).replyTo!, text: '1' });
    expect(t.world.server.received.at(-1)).toEqual({ kind: 'dropped', reason: 'unauthenticated' });
    expect(await version(t)).toBe(before);
    expect(await mailCount(t)).toBe(sent);
  });
});

describe('replies that cost the service or a player', () => {
  let t: Table;
  beforeAll(async () => {
    t = await table(true);
  }, 60_000);
  afterAll(() => t.world.close());

  it('RP-MAIL-3: a message with more MIME parts than the parser takes is refused for good (554) and plays nothing', async () => {
    const anna = t.people[0]!;
    const to = (await turnMail(t, anna)).replyTo!;
    const before = await version(t);
    const sent = await mailCount(t);
    await expect(t.world.sendRaw({ from: anna.email, to }, manyParts(anna.email, to, 1100))).rejects.toMatchObject({
      responseCode: 554,
    });
    expect(t.world.server.received.at(-1)).toEqual({ kind: 'dropped', reason: 'unreadable' });
    expect(await version(t)).toBe(before);
    expect(await mailCount(t)).toBe(sent);
  });

  it('a message over the size limit is refused with 552 and plays nothing', async () => {
    const anna = t.people[0]!;
    const to = (await turnMail(t, anna)).replyTo!;
    const before = await version(t);
    const received = t.world.server.received.length;
    await expect(
      t.world.send({
        from: anna.email,
        to,
        text: `1\n${'x'.repeat(80)}\n`.repeat(Math.ceil((MAX_INBOUND_BYTES * 2) / 83)),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(t.world.server.received).toHaveLength(received);
    expect(await version(t)).toBe(before);
  });

  it('RP-MAIL-2: a reply of nearly 1 MiB plays the code on its first line', async () => {
    const anna = t.people[0]!;
    const before = await version(t);
    // Lines of 60 characters: 62 bytes each on the wire, with no quoted-printable soft breaks.
    const filler = `${'talk '.repeat(11)}talk.\n`.repeat(Math.floor((MAX_INBOUND_BYTES - 16 * 1024) / 62));
    await t.world.send({ from: anna.email, to: (await turnMail(t, anna)).replyTo!, text: `1\n${filler}` });
    expect(t.world.server.received.at(-1)).toMatchObject({ kind: 'played', code: '1' });
    expect(await version(t)).toBeGreaterThan(before);
  });

  it(`RP-MAIL-4: 25 replies with one stale reply address are answered at most ${MAIL_ANSWERS.points} times`, async () => {
    const ben = t.people[1]!;
    // Anna's move above left Ben's opening email behind: its code is stale.
    const stale = (await t.world.inbox(ben.email)).filter((m) => m.replyTo)[0]!;
    const before = await version(t);
    const sent = (await t.world.inbox(ben.email)).length;
    for (let i = 0; i < 25; i++)
      await t.world.send({ from: ben.email, to: stale.replyTo!, text: '1', messageId: `<again-${i}@example.test>` });
    expect(t.world.server.received.filter((o) => o.kind === 'answered')).toHaveLength(MAIL_ANSWERS.points);
    expect(t.world.server.received.at(-1)).toEqual({ kind: 'dropped', reason: 'tooManyAnswers' });
    expect((await t.world.inbox(ben.email)).length - sent).toBe(MAIL_ANSWERS.points);
    expect(await version(t)).toBe(before);
  });
});
