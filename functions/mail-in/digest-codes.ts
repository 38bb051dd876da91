/** Codes are looked for on this many written lines from the top: one a line for each game of a digest, and a few more. */
export const DIGEST_CODE_LINES = 12;

export interface DigestMove {
  /** The game's letter in the digest, upper case. */
  label: string;
  /** The code within that game, as its turn email would list it (lower case). */
  code: string;
}

/** A game's letter, then a code as a turn email lists them (see CODE_PATTERN): `A3`, `b12b`. */
const DIGEST_CODE = /^([a-z])(\d{1,3}[a-z]{0,2})$/i;

/**
 * The codes of a reply to a digest: every word of the first written lines that is a
 * game's letter followed by a code, without the punctuation people add ("A3," or "B12b."). Several
 * may share a line. A game named twice keeps its first code: one move per game and reply.
 */
export function digestMoves(written: string): DigestMove[] {
  const lines = written
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, DIGEST_CODE_LINES);
  const moves = new Map<string, DigestMove>();
  for (const word of lines.flatMap((l) => l.trim().split(/[\s,;]+/))) {
    const m = DIGEST_CODE.exec(word.replace(/[.,;:!)]+$/, ''));
    if (!m) continue;
    const label = m[1]!.toUpperCase();
    if (!moves.has(label)) moves.set(label, { label, code: m[2]!.toLowerCase() });
  }
  return [...moves.values()];
}
