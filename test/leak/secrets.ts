/**
 * The scanner of the cross-game secret-leak scan (hardening issue, item 4: HARD-4). What is secret
 * in each game is described next to its rules (engine/games/<game>/secrets.ts, shapes in
 * engine/core/kit/secrets.ts) and registered with the game (engine/games/index.ts); this file finds
 * those values in what a seat sees. Unique values are scanned for as tokens; the seed and the RNG
 * state are added by `commonSecrets`.
 */
import type { AnyGame, RngState } from '../../engine/core/index.js';
import { RUN, type Secret, type SecretSpec, type Token } from '../../engine/core/kit/secrets.js';
import { catalog } from '../../engine/games/index.js';

export { RUN, type OptionSet, type Secret, type Token } from '../../engine/core/kit/secrets.js';

export interface Hit {
  what: string;
  path: string;
  found: string;
}

const TOKEN = /[A-Za-z0-9_]+/g;

/** Every place in `value` where one of `secrets` shows. */
export function scan(value: unknown, secrets: readonly Secret[]): Hit[] {
  return scanner(secrets)(value);
}

/** A scan for `secrets`, indexed once for the many values one seat sees at one state. */
export function scanner(secrets: readonly Secret[]): (value: unknown) => Hit[] {
  const texts = new Map<string, Secret[]>();
  const numbers = new Map<number, Secret[]>();
  const runStarts = new Map<Token, { secret: Extract<Secret, { kind: 'run' }>; at: number }[]>();
  const substrings = secrets.filter((s): s is Extract<Secret, { kind: 'substring' }> => s.kind === 'substring');
  const add = <K, V>(m: Map<K, V[]>, k: K, v: V) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);
  let bigNumbers = false;
  for (const s of secrets) {
    if (s.kind === 'text') add(texts, s.value, s);
    else if (s.kind === 'id' || s.kind === 'number') {
      add(numbers, s.value, s);
      if (s.kind === 'number') bigNumbers = true;
    } else if (s.kind === 'run')
      for (let i = 0; i + RUN <= s.values.length; i++) add(runStarts, s.values[i]!, { secret: s, at: i });
  }
  const stringRuns = [...runStarts.keys()].some((k) => typeof k === 'string');
  return (value) => {
    const hits: Hit[] = [];
    const stack: string[] = [];
    const here = (suffix = '') => stack.join('') + suffix;
    const checkRun = (items: readonly unknown[], path: () => string, key: string | null) => {
      for (let i = 0; i + RUN <= items.length; i++) {
        const starts = runStarts.get(items[i] as Token);
        if (!starts) continue;
        for (const { secret, at } of starts) {
          if (typeof items[i] === 'number' && !(key !== null && secret.arrayKeys?.has(key))) continue;
          let n = 1;
          while (n < RUN && secret.values[at + n] === items[i + n]) n++;
          if (n === RUN)
            hits.push({
              what: secret.what,
              path: `${path()}[${i}..${i + RUN - 1}]`,
              found: JSON.stringify(items.slice(i, i + RUN)),
            });
        }
      }
    };
    const checkString = (str: string, path: () => string) => {
      if (WHOLE_TOKEN.test(str)) {
        // The common case: an id, a name, a colour.
        for (const s of texts.get(str) ?? []) hits.push({ what: s.what, path: path(), found: JSON.stringify(str) });
        if (bigNumbers && /^\d{6,}$/.test(str))
          for (const s of numbers.get(Number(str)) ?? [])
            if (s.kind === 'number') hits.push({ what: s.what, path: path(), found: JSON.stringify(str) });
        return;
      }
      const tokens = str.match(TOKEN) ?? [];
      for (const t of tokens) {
        for (const s of texts.get(t) ?? []) hits.push({ what: s.what, path: path(), found: JSON.stringify(str) });
        if (bigNumbers && /^\d{6,}$/.test(t))
          for (const s of numbers.get(Number(t)) ?? [])
            if (s.kind === 'number') hits.push({ what: s.what, path: path(), found: JSON.stringify(str) });
      }
      if (stringRuns && tokens.length >= RUN) checkRun(tokens, path, null);
    };
    const walk = (v: unknown, key: string | null, inArray: boolean): void => {
      if (typeof v === 'number') {
        const found = numbers.get(v);
        if (found)
          for (const s of found) {
            const ok =
              s.kind === 'number' ||
              (s.kind === 'id' && key !== null && (inArray ? s.arrayKeys.has(key) : s.scalarKeys.has(key)));
            if (ok) hits.push({ what: s.what, path: here(), found: String(v) });
          }
      } else if (typeof v === 'string') {
        checkString(v, here);
      } else if (Array.isArray(v)) {
        if (runStarts.size && v.length >= RUN) checkRun(v, here, key);
        for (let i = 0; i < v.length; i++) {
          stack.push(`[${i}]`);
          walk(v[i], key, true);
          stack.pop();
        }
      } else if (v && typeof v === 'object') {
        for (const k in v) {
          stack.push(`.${k}`);
          checkString(k, () => here(' (key)'));
          walk((v as Record<string, unknown>)[k], k, false);
          stack.pop();
        }
      }
    };
    walk(value, null, false);
    if (substrings.length) {
      const json = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      for (const s of substrings)
        if (json.includes(s.value)) hits.push({ what: s.what, path: '(anywhere)', found: s.value });
    }
    return hits;
  };
}

const WHOLE_TOKEN = /^[A-Za-z0-9_]+$/;

/** The seed (whole, and its first 16 characters) and the RNG words: hidden from every seat (TS-17.6, TTRE-H3). */
export function commonSecrets(seed: string, ...rngs: (RngState | undefined)[]): Secret[] {
  const out: Secret[] = [
    { kind: 'substring', what: 'the seed', value: seed },
    { kind: 'substring', what: 'the seed (prefix)', value: seed.slice(0, 16) },
  ];
  for (const rng of rngs)
    if (rng) for (const w of rng) if (w >= 1_000_000) out.push({ kind: 'number', what: 'an RNG word', value: w });
  return out;
}

/** The values of a list of secrets (for intersecting the secrets before and after an event). */
export function secretKey(s: Secret): string {
  return s.kind === 'run' ? `run:${s.what}:${JSON.stringify(s.values)}` : `${s.kind}:${String(s.value)}`;
}

/** A game with its description of secrets, as the scans take them from the registry. */
export interface LeakSpec<S = any> extends SecretSpec<S> {
  game: AnyGame;
}

export const leakSpecs: readonly LeakSpec[] = Object.values(catalog).map(({ game, secrets }) => ({ ...secrets, game }));

export function specFor(gameId: string): LeakSpec {
  const spec = leakSpecs.find((s) => s.game.id === gameId);
  if (!spec) throw new Error(`no leak spec for ${gameId}`);
  return spec;
}
