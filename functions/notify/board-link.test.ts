import { describe, expect, it } from 'vitest';
import { signBoardLink, verifyBoardLink } from './board-link.js';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe.js';

const SECRET = 'a'.repeat(43);

describe('board picture links in emails', () => {
  it('name the game and version, and verify only with the secret that signed them', () => {
    const token = signBoardLink(SECRET, { gameId: 'g7Hk2mQpX9aBcDeF', version: 42 });
    expect(verifyBoardLink(SECRET, token)).toEqual({ gameId: 'g7Hk2mQpX9aBcDeF', version: 42 });
    expect(verifyBoardLink(['new-secret-that-is-long-enough-123456789', SECRET], token)).toEqual({
      gameId: 'g7Hk2mQpX9aBcDeF',
      version: 42,
    });
    expect(verifyBoardLink('b'.repeat(43), token)).toBeNull();
  });

  it('refuse tampered tokens: another version, another game, a cut or altered tag', () => {
    const token = signBoardLink(SECRET, { gameId: 'g1', version: 3 });
    const [format, , tag] = token.split('.');
    const other = Buffer.from(JSON.stringify({ g: 'g2', v: 3 })).toString('base64url');
    expect(verifyBoardLink(SECRET, `${format}.${other}.${tag}`)).toBeNull();
    expect(verifyBoardLink(SECRET, token.slice(0, -2))).toBeNull();
    expect(verifyBoardLink(SECRET, `${token}x`)).toBeNull();
    expect(verifyBoardLink(SECRET, '')).toBeNull();
  });

  it('are not unsubscribe tokens, nor the other way round (one secret, separate purposes)', () => {
    const board = signBoardLink(SECRET, { gameId: 'g1', version: 3 });
    const unsubscribe = signUnsubscribe(SECRET, { playerId: 'p1', channel: 'email' });
    expect(verifyUnsubscribe(SECRET, board)).toBeNull();
    expect(verifyBoardLink(SECRET, unsubscribe)).toBeNull();
    // Same format letter and payload signed for the other purpose still fails.
    const [, body, tag] = unsubscribe.split('.');
    expect(verifyBoardLink(SECRET, `b1.${body}.${tag}`)).toBeNull();
  });
});
