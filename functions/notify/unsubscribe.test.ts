import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe.js';

const SECRET = 'test-secret-0123456789abcdef';

describe('unsubscribe tokens', () => {
  it('round-trips, with and without a kind, in a URL-safe form', () => {
    const all = signUnsubscribe(SECRET, { playerId: 'p_zoe', channel: 'email' });
    const reminders = signUnsubscribe(SECRET, { playerId: 'p_zoe', channel: 'email', kind: 'reminder' });
    expect(all).toMatch(/^u1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribe(SECRET, all)).toEqual({ playerId: 'p_zoe', channel: 'email' });
    expect(verifyUnsubscribe(SECRET, reminders)).toEqual({ playerId: 'p_zoe', channel: 'email', kind: 'reminder' });
    expect(
      verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, { playerId: 'p', channel: 'email', kind: 'all' })),
    ).toEqual({
      playerId: 'p',
      channel: 'email',
      kind: 'all',
    });
  });

  it('rejects a token whose payload was changed', () => {
    const token = signUnsubscribe(SECRET, { playerId: 'p_zoe', channel: 'email' });
    const [version, , tag] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'p_alice', c: 'email' })).toString('base64url');
    expect(verifyUnsubscribe(SECRET, `${version}.${forged}.${tag}`)).toBeNull();
  });

  it('rejects a changed, truncated or re-spelled signature', () => {
    const token = signUnsubscribe(SECRET, { playerId: 'p_zoe', channel: 'email' });
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(verifyUnsubscribe(SECRET, token.slice(0, -1) + last)).toBeNull();
    expect(verifyUnsubscribe(SECRET, token.slice(0, -1))).toBeNull();
    // Node's base64url decoder would skip these characters; the token must still be refused.
    expect(verifyUnsubscribe(SECRET, `${token}=`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${token}!`)).toBeNull();
  });

  it('rejects a token signed with another secret, and accepts it during a rotation', () => {
    const old = signUnsubscribe('old-secret', { playerId: 'p_zoe', channel: 'email' });
    expect(verifyUnsubscribe(SECRET, old)).toBeNull();
    expect(verifyUnsubscribe([SECRET, 'old-secret'], old)).toEqual({ playerId: 'p_zoe', channel: 'email' });
  });

  it('rejects garbage and other versions', () => {
    const token = signUnsubscribe(SECRET, { playerId: 'p_zoe', channel: 'email' });
    for (const bad of ['', 'u1', 'u1..', 'u1.a.b', `u2${token.slice(2)}`, `${token}.extra`, token.replace(/\./g, '')]) {
      expect(verifyUnsubscribe(SECRET, bad)).toBeNull();
    }
  });

  it('rejects a correctly signed payload of the wrong shape', () => {
    // The documented construction, so that only the shape check can refuse these.
    const signed = (body: string) =>
      `u1.${body}.${createHmac('sha256', SECRET).update(`unsubscribe.u1.${body}`).digest('base64url')}`;
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(verifyUnsubscribe(SECRET, signed(json({ p: 'p_zoe', c: 'email' })))).toEqual({
      playerId: 'p_zoe',
      channel: 'email',
    });
    expect(verifyUnsubscribe(SECRET, signed(json({ p: 'p_zoe', c: 'sms' })))).toBeNull();
    expect(verifyUnsubscribe(SECRET, signed(json({ p: 'p_zoe', c: 'email', k: 'everything' })))).toBeNull();
    expect(verifyUnsubscribe(SECRET, signed(json({ p: '', c: 'email' })))).toBeNull();
    expect(verifyUnsubscribe(SECRET, signed(Buffer.from('not json').toString('base64url')))).toBeNull();
  });

  it('refuses an empty secret', () => {
    expect(() => signUnsubscribe('', { playerId: 'p', channel: 'email' })).toThrow();
    expect(verifyUnsubscribe('', signUnsubscribe(SECRET, { playerId: 'p', channel: 'email' }))).toBeNull();
  });
});
