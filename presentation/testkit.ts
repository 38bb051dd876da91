/** Test helpers: a small XML well-formedness check and element lookup by attribute (no parser package). */
import { expect } from 'vitest';
import { Rng, seedRng, type AnyGame } from '../engine/core/index.js';
import { translate } from '../web/client/i18n.testkit.js';
import { PLAYER_COLOURS, playerColour, playerLabel } from './players.js';

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>/y;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;

/** Throws with a position when `xml` is not a well-formed document with one root element. */
export function assertWellFormed(xml: string): void {
  let i = 0;
  const stack: string[] = [];
  let roots = 0;
  const fail = (why: string) => {
    throw new Error(`not well-formed at ${i}: ${why}: ${JSON.stringify(xml.slice(Math.max(0, i - 40), i + 40))}`);
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) fail('unterminated declaration');
    i = end + 2;
  }
  while (i < xml.length) {
    const c = xml[i]!;
    if (c === '<') {
      if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i + 4);
        if (end < 0) fail('unterminated comment');
        i = end + 3;
        continue;
      }
      TAG.lastIndex = i;
      const m = TAG.exec(xml);
      if (!m) fail('bad tag');
      const [all, close, name, attrs, selfClose] = m!;
      for (const v of attrs!.matchAll(/="([^"]*)"/g)) {
        const value = v[1]!;
        for (let k = value.indexOf('&'); k >= 0; k = value.indexOf('&', k + 1)) {
          ENTITY.lastIndex = k;
          if (!ENTITY.test(value)) fail('raw & in an attribute');
        }
      }
      const names = [...attrs!.matchAll(/\s([A-Za-z_][\w.:-]*)=/g)].map((a) => a[1]);
      if (new Set(names).size !== names.length) fail('duplicate attribute');
      if (close) {
        if (selfClose || attrs) fail('bad closing tag');
        if (stack.pop() !== name) fail(`mismatched </${name}>`);
      } else if (!selfClose) {
        if (stack.length === 0) roots++;
        stack.push(name!);
      } else if (stack.length === 0) roots++;
      i += all.length;
    } else if (c === '&') {
      ENTITY.lastIndex = i;
      if (!ENTITY.test(xml)) fail('raw &');
      i = ENTITY.lastIndex;
    } else {
      if (stack.length === 0 && !/\s/.test(c)) fail('text outside the root');
      i++;
    }
  }
  if (stack.length > 0) fail(`unclosed <${stack.at(-1)}>`);
  if (roots !== 1) fail(`${roots} root elements`);
}

/** Every element (its full markup) whose start tag carries `attr` (optionally with `value`). */
export function elementsWith(xml: string, attr: string, value?: string | number): string[] {
  const out: string[] = [];
  const start = new RegExp(
    `<([A-Za-z_][\\w.:-]*)(?=[^>]*\\s${attr}="${value === undefined ? '[^"]*' : String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}")[^>]*>`,
    'g',
  );
  for (const m of xml.matchAll(start)) {
    const name = m[1]!;
    const from = m.index!;
    if (m[0].endsWith('/>')) {
      out.push(m[0]);
      continue;
    }
    const tags = new RegExp(`<(/?)${name}(?=[\\s>/])[^>]*?(/?)>`, 'g');
    tags.lastIndex = from;
    let depth = 0;
    for (const t of xml.matchAll(tags)) {
      if (t[1]) depth--;
      else if (!t[2]) depth++;
      if (depth === 0) {
        out.push(xml.slice(from, t.index! + t[0].length));
        break;
      }
    }
  }
  return out;
}

/** The values of an attribute over the whole document, in order. */
export const attrValues = (xml: string, attr: string): string[] =>
  [...xml.matchAll(new RegExp(`\\s${attr}="([^"]*)"`, 'g'))].map((m) => m[1]!);

/** Plays `steps` actions: the game's own bot for every seat (its moves are varied and make progress). */
export function play<S>(game: AnyGame, seed: string, players: number, steps: number, options: unknown = {}): S {
  let state = game.setup({ seed, players, options: game.options.parse(options) });
  const rng = new Rng(seedRng(`${seed}/render`));
  for (let n = 0; n < steps; n++) {
    const seat = game.toAct(state)[0];
    if (seat === undefined) break;
    const legal = game.legalActions(state, seat);
    const action = rng.int(4) === 0 ? rng.pick(legal) : game.bot({ seat, view: game.view(state, seat), legal, rng });
    state = game.apply(state, seat, action).state;
  }
  return state as S;
}

/** Board pictures in English, strictly: a word missing from the catalog throws. */
export const EN = translate('en');

export const EVIL = `<script>&"'`;
export const EVIL_ESCAPED = '&lt;script&gt;&amp;&quot;&apos;';

export function commonChecks(svg: string, players: number): void {
  assertWellFormed(svg);
  expect(svg).toMatch(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 [\d.]+ [\d.]+" width="100%"/);
  expect(svg).toMatch(/<title id="title">[^<]+<\/title>/);
  // No scripts, external resources or downloadable fonts.
  expect(svg).not.toMatch(/<script|<foreignObject|href=|url\((?!#rp-pattern-\d\))|@import|@font-face/i);
  // The hostile seat name appears only escaped.
  expect(svg).toContain(EVIL_ESCAPED);
  expect(svg).not.toContain(EVIL);
  // Legend: one entry per seat, in distinct colours.
  const colours = Array.from({ length: players }, (_, s) => elementsWith(svg, 'data-legend', s)[0]!).map(
    (g) => /data-colour="([^"]+)"/.exec(g)![1],
  );
  expect(new Set(colours).size).toBe(players);
  expect(colours.every((c) => (PLAYER_COLOURS as readonly string[]).includes(c!))).toBe(true);
  // Every player mark carries the seat's colour and its label.
  const marks = elementsWith(svg, 'data-player');
  expect(marks.length).toBeGreaterThanOrEqual(players);
  for (const m of marks) {
    const seat = Number(/data-player="(\d+)"/.exec(m)![1]);
    expect(m).toContain(`data-colour="${playerColour(seat)}"`);
    expect(m, m).toMatch(new RegExp(`>${playerLabel(seat)}</text>`));
    expect(m).toContain(`url(#rp-pattern-${seat})`);
  }
  expect(attrValues(svg, 'data-player').every((s) => Number(s) < players)).toBe(true);
}
