import { CODE_PATTERN } from '../notify/choices.js';

/** A code is looked for on this many written lines from the top ("anywhere in the first lines"). */
export const CODE_LINES = 5;

export interface WrittenMove {
  code: string;
  /** Everything else the person wrote, for the table talk; '' when nothing. */
  rest: string;
}

/**
 * The first word that looks like a code on the first non-empty lines of a reply,
 * without the punctuation people add ("12b." or "3,"); null when none does.
 */
export function writtenMove(written: string): WrittenMove | null {
  const lines = written.split('\n');
  const filled = lines.flatMap((line, i) => (line.trim() ? [i] : [])).slice(0, CODE_LINES);
  for (const i of filled) {
    const [first = '', ...others] = lines[i]!.trim().split(/\s+/);
    const code = first.replace(/[.,;:!)]+$/, '');
    if (!CODE_PATTERN.test(code)) continue;
    const rest = [...lines.slice(0, i), others.join(' '), ...lines.slice(i + 1)].join('\n').trim();
    return { code: code.toLowerCase(), rest };
  }
  return null;
}
