import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectMessage } from './smtp-in.js';

describe('reading a message off SMTP', () => {
  it('keeps nothing past the size limit: a message 64 times the limit is read through and let go', async () => {
    const stream = new PassThrough();
    const collected = collectMessage(stream, 1024);
    for (let i = 0; i < 64; i++) stream.write(Buffer.alloc(1024, 0x61));
    stream.end();
    const { raw, held } = await collected;
    expect(raw).toBe('tooBig');
    expect(held).toBeLessThanOrEqual(1024);
  });

  it('keeps a message within the limit whole', async () => {
    const stream = new PassThrough();
    const collected = collectMessage(stream, 1024);
    const message = Buffer.from('Subject: hi\r\n\r\n1\r\n');
    stream.end(message);
    expect(await collected).toEqual({ raw: message, held: message.length });
  });
});
