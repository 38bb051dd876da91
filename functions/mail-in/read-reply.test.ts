import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { READ_CHARS, readReply, type InboundReply } from './read-reply.js';

const build = async (mail: { text?: string; html?: string; messageId?: string }) => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const { message } = await transport.sendMail({
    from: 'Anna <Anna@Example.test>',
    to: 'm.x@play.example.test',
    subject: 'Re: Your turn',
    ...mail,
  });
  return message as Buffer;
};

const read = async (raw: Buffer): Promise<InboundReply> => {
  const reply = await readReply(raw);
  if ('unreadable' in reply) throw new Error(reply.unreadable);
  return reply;
};

const original = 'Hello Anna,\n\nYour choices:\n\n  1  Draw a card from the deck\n  2  Take tickets\n';
const quote = (s: string) =>
  s
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

describe('reading a reply (quoted history and signatures are ignored)', () => {
  it.each([
    [
      'Gmail',
      `2\nGood luck\n\nOn Tue, 24 Nov 2026 at 12:00, railpost <railpost@localhost> wrote:\n\n${quote(original)}`,
    ],
    [
      'Outlook',
      `2\nGood luck\n\n________________________________\nFrom: railpost <railpost@localhost>\nSent: Tuesday, November 24, 2026 12:00 PM\nTo: Anna\nSubject: Your turn\n\n${original}`,
    ],
    [
      'Apple Mail',
      `2\nGood luck\n\nSent from my iPhone\n\n> On 24 Nov 2026, at 12:00, railpost <railpost@localhost> wrote:\n> \n${quote(original)}`,
    ],
    ['a signature', `2\nGood luck\n\n-- \nAnna Novak\n+420 123 456 789`],
  ])('%s: only what the person wrote is left', async (_style, text) => {
    const reply = await read(await build({ text, messageId: '<a1@example.test>' }));
    expect(reply).toEqual({
      messageId: '<a1@example.test>',
      from: 'anna@example.test',
      recipients: ['m.x@play.example.test'],
      written: '2\nGood luck',
    });
  });

  it('an HTML-only reply is read as its text; a message without Message-ID is known by its digest', async () => {
    const raw = await build({ html: '<div>2</div><div><br></div><blockquote>Hello Anna,<br>1 Draw</blockquote>' });
    const reply = await read(Buffer.from(raw.toString('utf8').replace(/^Message-ID:.*\r?\n/im, '')));
    expect(reply.written.split('\n')[0]).toBe('2');
    expect(reply.messageId).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('RP-MAIL-2: of a long body only the leading part is read, cut at a whole line; a code beyond it is not seen', async () => {
    const filler = `${'talk '.repeat(11)}talk\n`.repeat(Math.ceil((1024 * 1024) / 60));
    const reply = await read(await build({ text: `2\nGood luck\n${filler}12b beyond the leading part\n` }));
    expect(reply.written.length).toBeLessThanOrEqual(READ_CHARS);
    expect(reply.written.startsWith('2\nGood luck\ntalk')).toBe(true);
    expect(reply.written.endsWith('talk')).toBe(true);
    expect(reply.written).not.toContain('beyond');
  });

  it('RP-MAIL-3: a message the parser refuses (too many MIME parts) is unreadable, not an error', async () => {
    const parts = Array.from({ length: 1100 }, () => '--b\r\nContent-Type: text/plain\r\n\r\n1\r\n').join('');
    const raw = Buffer.from(
      `From: anna@example.test\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${parts}--b--\r\n`,
    );
    expect(await readReply(raw)).toEqual({ unreadable: 'Max allowed child nodes exceeded' });
  });
});
