import type { AccountStore } from '../store/ports/accounts.js';
import type { PlayerStore } from '../store/ports/players.js';
import { type PlayerRecord, SCOPES } from '../domain/player.js';
import { confirmationMail, type Mailer } from './account-mail.js';
import { invalidCode, type OneTimeCodes } from './one-time-codes.js';
import type { Access, Players } from './players.js';
import { ok, problems, refused, type Result } from './refusal.js';
import { send, type LinkOf } from './sign-in.js';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A confirmed address signs in to a session with every scope, so naming or confirming one needs a
 * credential that has them all: otherwise a narrower token could mint a stronger one.
 */
export function checkEveryScope(access: Access): Result<void> {
  const missing = SCOPES.filter((scope) => !access.credential.scopes.includes(scope));
  if (missing.length === 0) return ok(undefined);
  return refused(
    problems.forbidden(
      'insufficient_scope',
      `An address signs in with every scope: naming or confirming one needs a session or a token that has them all (this one lacks ${missing.join(', ')})`,
    ),
  );
}

/**
 * A player's address: a new one waits (`pendingEmail`) until the code sent to it comes back;
 * until then the confirmed one stays, and only a confirmed address gets notices and sign-in
 * codes. A confirmed address belongs to one account.
 */
export class EmailAddresses {
  constructor(
    private readonly accounts: AccountStore,
    private readonly table: PlayerStore,
    private readonly players: Players,
    private readonly codes: OneTimeCodes,
    private readonly mailer: Mailer | null,
    private readonly log: (message: string, err: unknown) => void,
  ) {}

  /** `null` removes both addresses at once (removing needs no confirmation). */
  async change(player: PlayerRecord, address: string | null, linkOf: LinkOf): Promise<Result<PlayerRecord>> {
    const slot = { emailChange: player.id };
    if (address === null || (player.email && same(address, player.email))) {
      await this.codes.cancel(slot);
      await this.table.updatePlayer(
        player.id,
        address === null ? { email: null, pendingEmail: null } : { pendingEmail: null },
      );
      if (address === null && player.email) await this.accounts.releaseEmail(player.email, player.id);
      return this.players.reload(player.id);
    }
    await this.table.updatePlayer(player.id, { pendingEmail: address });
    const { code } = await this.codes.issue(slot, { address });
    send(this.mailer, confirmationMail(address, code, linkOf(code)), this.log);
    return this.players.reload(player.id);
  }

  async confirm(access: Access, code: string): Promise<Result<PlayerRecord>> {
    const scoped = checkEveryScope(access);
    if (!scoped.ok) return scoped;
    const { player } = access;
    const redeemed = await this.codes.redeem({ emailChange: player.id }, code);
    if (!redeemed.ok) return redeemed;
    const { address } = redeemed.value;
    if (!address) return refused(invalidCode());
    if (!(await this.accounts.claimEmail(address, player.id)))
      return refused(problems.conflict('email_taken', 'Another account has confirmed this address'));
    if (player.email && !same(player.email, address)) await this.accounts.releaseEmail(player.email, player.id);
    await this.table.updatePlayer(player.id, { email: address, pendingEmail: null });
    return this.players.reload(player.id);
  }
}
