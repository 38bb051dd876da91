import { describe, expect, it } from 'vitest';
import {
  checkDigestReply,
  checkReply,
  claimedDigestReply,
  claimedReply,
  digestReplyAddress,
  replyAddress,
} from './reply-address.js';

const SECRET = 'k'.repeat(43);
const DOMAIN = 'play.example.test';
const token = { gameId: 'Abc_-123456789012', seat: 1, version: 42, expires: new Date('2026-12-01T10:00:00Z') };
const now = new Date('2026-11-30T10:00:00Z');

describe('reply addresses (signed, per player, game and version, expiring with the turn)', () => {
  it('round-trips for the seat holder it was signed for, and fits a local part (64 characters)', () => {
    const address = replyAddress(SECRET, DOMAIN, token, 'player-1');
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    const claim = claimedReply(address, DOMAIN.toUpperCase())!;
    expect(claim).toMatchObject({ gameId: token.gameId, seat: 1, version: 42, expires: token.expires });
    expect(checkReply(SECRET, claim, 'player-1', now)).toBe('valid');
  });

  it('is forged for another player (the seat changed hands), another key, or a changed field; expired after its turn', () => {
    const claim = claimedReply(replyAddress(SECRET, DOMAIN, token, 'player-1'), DOMAIN)!;
    expect(checkReply(SECRET, claim, 'player-2', now)).toBe('forged');
    expect(checkReply('x'.repeat(43), claim, 'player-1', now)).toBe('forged');
    expect(checkReply(SECRET, { ...claim, version: 43 }, 'player-1', now)).toBe('forged');
    expect(checkReply(SECRET, { ...claim, expires: new Date('2027-01-01T00:00:00Z') }, 'player-1', now)).toBe('forged');
    expect(checkReply(SECRET, claim, 'player-1', token.expires)).toBe('expired');
  });

  it('verifies under an old key during a rotation', () => {
    const claim = claimedReply(replyAddress(SECRET, DOMAIN, token, 'player-1'), DOMAIN)!;
    expect(checkReply(['n'.repeat(43), SECRET], claim, 'player-1', now)).toBe('valid');
  });

  it('claims nothing for another domain or a malformed local part', () => {
    const address = replyAddress(SECRET, DOMAIN, token, 'player-1');
    expect(claimedReply(address.replace(DOMAIN, 'example.test'), DOMAIN)).toBeNull();
    expect(claimedReply(`x.${address}`, DOMAIN)).toBeNull();
    expect(claimedReply(`anna@${DOMAIN}`, DOMAIN)).toBeNull();
  });
});

describe('digest reply addresses (signed, per player and digest, expiring)', () => {
  const digest = { playerId: 'Abc_-1234567890123456', sheet: '20261124', expires: new Date('2026-12-01T10:00:00Z') };

  it('round-trips, fits a local part, and is neither a turn address nor valid with a changed player, sheet or expiry', () => {
    const address = digestReplyAddress(SECRET, DOMAIN, digest);
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(claimedReply(address, DOMAIN)).toBeNull();
    const claim = claimedDigestReply(address, DOMAIN)!;
    expect(claim).toMatchObject(digest);
    expect(checkDigestReply(SECRET, claim, now)).toBe('valid');
    expect(checkDigestReply(['n'.repeat(43), SECRET], claim, now)).toBe('valid');
    expect(checkDigestReply(SECRET, { ...claim, playerId: 'someone-else' }, now)).toBe('forged');
    expect(checkDigestReply(SECRET, { ...claim, sheet: '20261125' }, now)).toBe('forged');
    expect(checkDigestReply(SECRET, { ...claim, expires: new Date('2027-01-01T00:00:00Z') }, now)).toBe('forged');
    expect(checkDigestReply(SECRET, claim, digest.expires)).toBe('expired');
    expect(claimedDigestReply(replyAddress(SECRET, DOMAIN, token, 'player-1'), DOMAIN)).toBeNull();
  });
});
