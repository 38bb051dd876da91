import type { AccountStore } from '../store/ports/accounts.js';
import type { AccountWrites } from './account-writes.js';
import type { PlayerStore } from '../store/ports/players.js';
import { signInMail, type Mailer } from './account-mail.js';
import type { Credentials, Issued } from './credentials.js';
import { invalidCode, type OneTimeCodes } from './one-time-codes.js';
import { ok, refused, type Result } from './refusal.js';

/** Where the codes of an email lead: the web client's page that signs in (or confirms) with them. */
export type LinkOf = (code: string) => string;

/**
 * Signing in by email: a one-time code (and a link carrying it) goes to a confirmed address;
 * the code makes a browser session. An unknown address is answered exactly as a known one, with
 * the same reads and writes on the request's path: the mail itself goes out after the answer.
 */
export class SignIn {
  constructor(
    private readonly accounts: AccountStore,
    private readonly table: PlayerStore,
    private readonly codes: OneTimeCodes,
    private readonly credentials: Credentials,
    private readonly writes: Pick<AccountWrites, 'take' | 'give'>,
    private readonly mailer: Mailer | null,
    private readonly log: (message: string, err: unknown) => void,
  ) {}

  async request(address: string, linkOf: (code: string) => string): Promise<{ expiresAt: string }> {
    const owner = await this.accounts.emailOwner(address);
    const { code, expiresAt } = await this.codes.issue({ signIn: address }, owner ? { playerId: owner } : {});
    if (owner) send(this.mailer, signInMail(address, code, linkOf(code)), this.log);
    return { expiresAt };
  }

  async verify(address: string, code: string, label: string): Promise<Result<Issued>> {
    const redeemed = await this.codes.redeem({ signIn: address }, code);
    if (!redeemed.ok) return redeemed;
    const { playerId } = redeemed.value;
    // An unknown address has a code nobody was sent: a lucky guess of it finds no account.
    const player = playerId ? await this.table.getPlayer(playerId) : null;
    if (!player || player.email?.toLowerCase() !== address.trim().toLowerCase()) return refused(invalidCode());
    // A session is a write of the account like any other: none may land once its deletion has begun.
    if (!(await this.writes.take(player.id))) return refused(invalidCode());
    try {
      return ok(await this.credentials.startSession(player.id, label));
    } finally {
      await this.writes.give(player.id);
    }
  }
}

/** Off the request's path: its timing must not tell a known address from an unknown one. */
export function send(
  mailer: Mailer | null,
  mail: Parameters<Mailer['send']>[0],
  log: (message: string, err: unknown) => void,
): void {
  if (!mailer) return;
  mailer.send(mail).catch((err: unknown) => log('account mail failed', err));
}
