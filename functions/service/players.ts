import type { GameTable } from '../store/game-table.js';
import type { PlayerRecord } from '../store/records.js';
import { problems } from './problem.js';
import { equalHashes, newId, newSecret, sha256Hex } from './secrets.js';

/**
 * Tokens are `<playerId>.<secret>`: the id finds the profile in one read, and only the
 * SHA-256 of the 256-bit secret is stored, compared in constant time.
 */
export class Players {
  constructor(
    private readonly table: GameTable,
    private readonly now: () => Date,
  ) {}

  async create(input: { name: string; email?: string | undefined }): Promise<{ player: PlayerRecord; token: string }> {
    const id = newId();
    const secret = newSecret();
    const player: PlayerRecord = {
      id,
      name: input.name,
      tokenHash: sha256Hex(secret),
      createdAt: this.now().toISOString(),
      ...(input.email ? { email: input.email } : {}),
    };
    await this.table.putPlayer(player);
    return { player, token: `${id}.${secret}` };
  }

  /** The player a bearer token belongs to; 401 for anything else. */
  async authenticate(authorization: string | undefined): Promise<PlayerRecord> {
    // The auth scheme name is case-insensitive (RFC 9110 section 11.1).
    const match = /^Bearer +([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/i.exec(authorization ?? '');
    if (!match) throw problems.unauthorized();
    const [, id, secret] = match as unknown as [string, string, string];
    const player = await this.table.getPlayer(id);
    if (!player || !equalHashes(sha256Hex(secret), player.tokenHash)) throw problems.unauthorized('The token is not valid');
    return player;
  }

  async update(player: PlayerRecord, changes: { name?: string | undefined; email?: string | null | undefined }): Promise<PlayerRecord> {
    await this.table.updatePlayer(player.id, changes);
    const updated = await this.table.getPlayer(player.id);
    if (!updated) throw problems.notFound('Player');
    return updated;
  }
}
