import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import type { VapidKeys } from '../notify/push.js';
import { newVapidKeys } from '../notify/vapid-keys.js';

/** What the local server's notifier signs with; in AWS these come from a secret store instead. */
export interface NotifySecrets {
  vapid: VapidKeys;
  /** Signs and verifies the unsubscribe links in emails. */
  unsubscribeSecret: string;
}

const SecretsFile = z.object({
  version: z.literal(1),
  vapid: z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) }),
  unsubscribeSecret: z.string().min(32),
});
type SecretsFile = z.infer<typeof SecretsFile>;

/**
 * A push service's operators may contact this address; Apple rejects localhost URLs, so the
 * default is a mailto: of a reserved domain. Set RAILPOST_VAPID_SUBJECT for anything real.
 */
export const DEFAULT_VAPID_SUBJECT = 'mailto:railpost@example.com';

function fresh(): SecretsFile {
  return { version: 1, vapid: newVapidKeys(), unsubscribeSecret: randomBytes(32).toString('base64url') };
}

/**
 * The secrets of a local server. With a data folder they are generated once and kept in
 * `<dataDir>/secrets.json` (mode 0600), so that browsers' push subscriptions and the links in
 * emails already sent keep working after a restart; without one (tests), fresh ones each time.
 */
export function loadNotifySecrets(dataDir: string | undefined, subject = DEFAULT_VAPID_SUBJECT): NotifySecrets {
  const file = dataDir ? readOrCreate(join(dataDir, 'secrets.json')) : fresh();
  return { vapid: { subject, ...file.vapid }, unsubscribeSecret: file.unsubscribeSecret };
}

function readOrCreate(path: string): SecretsFile {
  try {
    return readSecrets(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(join(path, '..'), { recursive: true });
  // Written aside, then linked into place: link fails if the file exists, so two servers
  // starting on the same folder at once agree on one set, and nobody reads a half-written file.
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify(fresh(), null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(temp, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  return readSecrets(path);
}

function readSecrets(path: string): SecretsFile {
  const text = readFileSync(path, 'utf8');
  // Private keys: readable by the owner only, even if someone loosened it.
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not valid JSON; move it away to generate new secrets`);
  }
  const parsed = SecretsFile.safeParse(data);
  if (!parsed.success)
    throw new Error(
      `${path} is not a railpost secrets file (${parsed.error.issues[0]?.message}); move it away to generate new secrets`,
    );
  return parsed.data;
}
