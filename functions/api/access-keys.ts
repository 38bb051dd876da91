/**
 * The keys access tokens (access-token.ts) are signed with. They are derived (HKDF-SHA256, a label
 * of their own) from the unsubscribe secret, which every deployed stack has (the notify secrets'
 * SSM parameter, read once per cold instance by the first request that needs it, never per move):
 * no second secret to create, rotate or grant, and the label keeps the two uses apart even if
 * one's tokens leaked. A rotation of that secret rotates these keys with it (newest first).
 * Without notify secrets (tests, a bare local app) one key is made per process: a client whose
 * token a restart made invalid exchanges its credential again.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import type { NotifyDeps } from './notify-deps.js';

const LABEL = 'railpost access tokens v1';

export type AccessKeys = () => Promise<readonly string[]>;

export function deriveAccessKey(secret: string): string {
  return Buffer.from(hkdfSync('sha256', secret, '', LABEL, 32)).toString('base64url');
}

export function accessKeysOf(notifyDeps: () => Promise<NotifyDeps | undefined>): AccessKeys {
  let processKey: string | undefined;
  return async () => {
    const secret = (await notifyDeps())?.unsubscribeSecret;
    if (secret === undefined) return [(processKey ??= randomBytes(32).toString('base64url'))];
    return (typeof secret === 'string' ? [secret] : secret).map(deriveAccessKey);
  };
}
