import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GameMeta } from '../domain/game.js';

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Opaque random identifiers (96 bits, URL-safe). */
export const newId = () => randomBytes(12).toString('base64url');

/** 256-bit secret, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** Seeds are 256 random bits; their SHA-256 is published as the commitment. */
const newSeed = () => randomBytes(32).toString('hex');

/**
 * What a new game's meta holds of its randomness: a fresh seed, its commitment, and the rules
 * revision that will replay it (docs/fairness.md).
 */
export function newSeeding(
  rulesRevision: string | undefined,
): Pick<GameMeta, 'seed' | 'seedCommitment' | 'rulesRevision'> {
  const seed = newSeed();
  return { seed, seedCommitment: sha256Hex(seed), ...(rulesRevision === undefined ? {} : { rulesRevision }) };
}

/** `whsec_` + base64 of 32 random bytes, the format the Standard Webhooks libraries read. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export const newInviteCode = () => randomBytes(8).toString('base64url');

export function equalHashes(hexA: string, hexB: string): boolean {
  const x = Buffer.from(hexA, 'hex');
  const y = Buffer.from(hexB, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
