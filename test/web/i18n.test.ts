/**
 * Languages: the web client's catalogs (presentation/locales/<lang>.json) say every
 * message in every language, in each language's own plural forms, with the same placeholders, and
 * every message key the code names exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../../web/client/i18n.testkit.js';
import { LANGUAGES, type Language } from '../../web/client/languages.js';
import { ROOT } from '../support/imports.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every message as `a.b.c` → text, plural forms under their full keys (`a.b_one`). */
function flatten(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    else out.set(key, `<not a message: ${JSON.stringify(v)}>`);
  }
  return out;
}

/** Base key → the forms it has ('' for a message without plural forms). */
function byBase(messages: Map<string, string>): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [key, text] of messages) {
    const m = PLURAL.exec(key);
    const base = m ? key.slice(0, m.index) : key;
    if (!out.has(base)) out.set(base, new Map());
    out.get(base)!.set(m ? m[1]! : '', text);
  }
  return out;
}

const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!))].sort();
const categories = (lang: Language): string[] =>
  [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();

const messages = Object.fromEntries(LANGUAGES.map((lang) => [lang, byBase(flatten(CATALOGS[lang]))])) as Record<
  Language,
  Map<string, Map<string, string>>
>;
const english = messages.en;

describe('web client catalogs', () => {
  it('the catalogs are many and the check sees them (guards the rules below against passing on nothing)', () => {
    expect(english.size).toBeGreaterThan(550);
    expect(readdirSync(join(ROOT, 'presentation/locales')).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  it.each(LANGUAGES)('%s: has every message English has, and none English lacks', (lang) => {
    const missing = [...english.keys()].filter((k) => !messages[lang].has(k));
    const extra = [...messages[lang].keys()].filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES)(
    "%s: a counted message has exactly the language's plural forms (CLDR: cs and ru one/few/many/other)",
    (lang) => {
      const wrong: string[] = [];
      for (const [base, forms] of messages[lang]) {
        const counted = english.get(base)?.has('other') ?? false;
        const have = [...forms.keys()].sort();
        const want = counted ? categories(lang) : [''];
        if (have.join() !== want.join())
          wrong.push(`${base}: ${have.join('/') || 'plain'} instead of ${want.join('/') || 'plain'}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it.each(LANGUAGES)(
    '%s: every form of a message has the placeholders of the English one, and no empty text',
    (lang) => {
      const wrong: string[] = [];
      for (const [base, forms] of messages[lang]) {
        const en = english.get(base);
        const want = placeholders(en?.get('other') ?? en?.get('') ?? '');
        for (const [form, text] of forms) {
          const have = placeholders(text);
          if (have.join() !== want.join())
            wrong.push(`${base}${form && `_${form}`}: {${have.join(', ')}} instead of {${want.join(', ')}}`);
          if (text.trim() === '') wrong.push(`${base}${form && `_${form}`}: empty`);
          if (text.includes('<link>') !== (en?.get('other') ?? en?.get('') ?? '').includes('<link>'))
            wrong.push(`${base}: <link> differs`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it("every message key the code spells out exists (web/client pages, presentation wording and the notifier's messages)", () => {
    const files = [
      ...readdirSync(join(ROOT, 'web/client'), { recursive: true, encoding: 'utf8' }).map((f) => `web/client/${f}`),
      ...readdirSync(join(ROOT, 'presentation')).map((f) => `presentation/${f}`),
      // The notifier's emails and pushes speak from the same catalogs (`mail.…`).
      ...readdirSync(join(ROOT, 'functions/notify')).map((f) => `functions/notify/${f}`),
    ].filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|testkit/.test(f));
    // Any quoted 'namespace.key' counts, so keys picked by a condition (t(a ? 'x.y' : 'x.z')) are checked too.
    const namespaces = new Set(Object.keys(CATALOGS.en));
    const used = new Set<string>();
    for (const f of files) {
      // The notifier also spells webhook event types ('gameFinished'): only its `mail.…` keys are messages.
      const own = (ns: string) => (f.startsWith('functions/notify/') ? ns === 'mail' : namespaces.has(ns));
      for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/'([a-zA-Z]+)\.([\w.]+)'/g))
        if (own(m[1]!)) used.add(`${m[1]}.${m[2]}`);
    }
    expect(used.size).toBeGreaterThan(300);
    expect([...used].filter((k) => !english.has(k)).sort()).toEqual([]);
  });
});
