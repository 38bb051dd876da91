/** Key layout of the single table (DESIGN.md section 3). */

const SEQ_DIGITS = 10;

export const keys = {
  game: (id: string) => `GAME#${id}`,
  player: (id: string) => `PLAYER#${id}`,
  meta: 'META',
  head: 'HEAD',
  profile: 'PROFILE',
  /** Zero-padded so that events sort by version. */
  event: (version: number) => `EV#${String(version).padStart(SEQ_DIGITS, '0')}`,
  eventPrefix: 'EV#',
  membership: (gameId: string) => `GAME#${gameId}`,
  membershipPrefix: 'GAME#',
  /** Sorts after META, so a HEAD..META range never touches it. */
  request: (playerId: string, key: string) => `REQ#${playerId}#${key}`,
};

export function versionOfEventKey(sk: string): number {
  return Number(sk.slice(keys.eventPrefix.length));
}
