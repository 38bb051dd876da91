/**
 * Layers one way: the import rules of docs/architecture.md ("Layout"), checked on the
 * sources so that a new import across a layer fails here instead of in review.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesAmong, importsOf, isTestCode, ROOT, sourcesUnder } from './support/imports.js';

const ALL = ['engine', 'presentation', 'functions', 'web', 'scripts', 'infra', 'test', 'examples'].flatMap(
  sourcesUnder,
);
const under = (dir: string) => ALL.filter((f) => f.startsWith(`${dir}/`));
const within = (target: string, dirs: readonly string[]) => dirs.some((d) => target.startsWith(`${d}/`));
/** What uses the service: nothing in the service or below it imports these. */
const ABOVE_SERVICE = [
  'functions/notify',
  'functions/api',
  'functions/sweep',
  'functions/bots',
  'functions/local',
  'web',
  'scripts',
  'test',
];

/** `file -> target` for each import of `files` that `bad` flags. */
function violations(
  files: readonly string[],
  bad: (i: ReturnType<typeof importsOf>[number], file: string) => boolean,
): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((i) => bad(i, file))
      .map((i) => `${file} -> ${i.target}${i.typeOnly ? ' (type)' : ''}`),
  );
}

/** The files reachable from `roots` over runtime (not type-only) imports of repository files. */
function runtimeClosure(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of importsOf(file)) if (!i.external && !i.typeOnly) visit(i.target);
  };
  roots.forEach(visit);
  return [...seen].sort();
}

describe('layers', () => {
  it('the scan sees the repository (guards the rules below against passing on nothing)', () => {
    expect(under('engine').length).toBeGreaterThan(50);
    expect(under('functions/store').length).toBeGreaterThan(5);
    expect(importsOf('functions/local/main.ts').map((i) => i.target)).toContain('engine/games/index.ts');
  });

  it('engine/** imports no file outside engine/ (tests and test kits included)', () => {
    expect(violations(under('engine'), (i) => !i.external && !i.target.startsWith('engine/'))).toEqual([]);
  });

  it('the engine at runtime (what the service and the web client load) uses only zod and @noble/hashes', () => {
    const runtime = runtimeClosure([
      'engine/core/index.ts',
      'engine/games/index.ts',
      ...under('engine/fixtures').filter((f) => !isTestCode(f)),
    ]);
    expect(runtime.length).toBeGreaterThan(50);
    expect(
      violations(runtime, (i) => i.external && !i.typeOnly && i.target !== 'zod' && i.target !== '@noble/hashes'),
    ).toEqual([]);
  });

  it('functions/store imports nothing above it (service, notify, api, sweep, bots, local, web, scripts, test)', () => {
    const above = ['functions/service', ...ABOVE_SERVICE];
    expect(violations(under('functions/store'), (i) => !i.external && within(i.target, above))).toEqual([]);
  });

  it('functions/domain, the records and rules the store and the service share, imports only engine/ and itself', () => {
    expect(under('functions/domain').length).toBeGreaterThan(3);
    expect(
      violations(under('functions/domain'), (i) => !i.external && !within(i.target, ['engine', 'functions/domain'])),
    ).toEqual([]);
  });

  it('functions/store/ports, the interfaces the service depends on, import no package (no DynamoDB) and only domain, engine and ports', () => {
    expect(under('functions/store/ports').length).toBeGreaterThan(5);
    expect(
      violations(
        under('functions/store/ports'),
        (i) => i.external || !within(i.target, ['engine', 'functions/domain', 'functions/store/ports']),
      ),
    ).toEqual([]);
  });

  it('functions/service uses only engine and store: it imports nothing from notify, api, sweep, bots, local, web, scripts or test', () => {
    expect(
      violations(
        under('functions/service').filter((f) => !isTestCode(f)),
        (i) => !i.external && within(i.target, ABOVE_SERVICE),
      ),
    ).toEqual([]);
  });

  it('play by mail sits above the service and the notifier: neither imports functions/mail-in', () => {
    const below = [...under('functions/service'), ...under('functions/notify'), ...under('functions/store')].filter(
      (f) => !isTestCode(f),
    );
    expect(under('functions/mail-in').length).toBeGreaterThan(2);
    expect(violations(below, (i) => !i.external && i.target.startsWith('functions/mail-in/'))).toEqual([]);
  });

  it('non-test code never imports test/', () => {
    const code = ALL.filter((f) => !isTestCode(f));
    expect(violations(code, (i) => !i.external && i.target.startsWith('test/'))).toEqual([]);
  });

  it('presentation/ imports only presentation/ and, type-only, engine/; no packages', () => {
    const code = under('presentation').filter((f) => !isTestCode(f));
    expect(
      violations(
        code,
        (i) => i.external || !(i.target.startsWith('presentation/') || (i.typeOnly && i.target.startsWith('engine/'))),
      ),
    ).toEqual([]);
  });

  it('no import cycles inside engine/ (type-only imports included)', () => {
    expect(cyclesAmong(under('engine')).map((c) => c.join(' -> '))).toEqual([]);
  });

  it("the store's key layout is spelled only in functions/store (no 'GAME#', 'LOG#', … in other non-test code)", () => {
    const prefixes = [...readFileSync(join(ROOT, 'functions/store/keys.ts'), 'utf8').matchAll(/[`'"]([A-Z]+)#/g)].map(
      (m) => m[1]!,
    );
    expect(new Set(prefixes)).toEqual(
      new Set([
        'GAME',
        'PLAYER',
        'LOG',
        'WEBHOOK',
        'PUSH',
        'CRED',
        'EMAIL',
        'CHAT',
        'REMIND',
        'QUOTA',
        'SENT',
        'DUE',
        'RATING',
        'BOARD',
        'FINISHED',
        'PLAYED',
        'LOBBY',
        'SEEKS',
        'DIGEST',
        'SHEET',
        'STREAM',
        'CONN',
        'WATCHERS',
        'TICKET',
      ]),
    );
    const spelling = new RegExp(`[\`'"](${[...new Set(prefixes)].join('|')})#`);
    const code = ALL.filter((f) => !isTestCode(f) && !f.startsWith('functions/store/'));
    expect(code.filter((f) => spelling.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  // Type-only imports count, as for engine/ above: runtime cycles (which can leave a module reading
  // another's exports before they exist) are what matter most, and counting type-only edges too is
  // the stricter rule that still holds, so no runtime cycle can hide behind a "type-only" exception.
  it('no import cycles among all sources (engine, presentation, functions, web, scripts, infra, test, examples; type-only imports included)', () => {
    expect(under('infra').length).toBeGreaterThan(0);
    expect(cyclesAmong(ALL).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('web/** imports nothing from functions/ (the client and its build stand apart from the service)', () => {
    expect(under('web').length).toBeGreaterThan(30);
    expect(violations(under('web'), (i) => !i.external && i.target.startsWith('functions/'))).toEqual([]);
  });

  it('functions/** imports nothing from web/client: the words and pictures both sides use are in presentation/', () => {
    expect(violations(under('functions'), (i) => !i.external && i.target.startsWith('web/client/'))).toEqual([]);
  });

  // Its tests read the words as the web client serves them (i18next with the client's settings).
  it("presentation/ imports nothing from functions/ or web/client, its tests only the client's i18n test kit", () => {
    expect(under('presentation').length).toBeGreaterThan(30);
    const bad = (target: string, file: string) =>
      target.startsWith('functions/') ||
      (target.startsWith('web/client/') && !(isTestCode(file) && target === 'web/client/i18n.testkit.ts'));
    expect(violations(under('presentation'), (i, file) => !i.external && bad(i.target, file))).toEqual([]);
  });

  it('examples/** stands apart as a third-party client would: packages and, type-only, api-spec/; nothing else of the repository', () => {
    expect(under('examples').length).toBeGreaterThan(3);
    const own = (i: ReturnType<typeof importsOf>[number]) => i.target.startsWith('examples/');
    const types = (i: ReturnType<typeof importsOf>[number]) => i.typeOnly && i.target.startsWith('api-spec/');
    expect(violations(under('examples'), (i) => !i.external && !own(i) && !types(i))).toEqual([]);
  });

  it('web/** takes only types from api-spec/ (the generated openapi.d.ts): the document itself stays out of the bundle', () => {
    const fromSpec = (i: ReturnType<typeof importsOf>[number]) => !i.external && i.target.startsWith('api-spec/');
    expect(violations(under('web'), (i) => fromSpec(i) && i.typeOnly).length).toBeGreaterThan(0);
    expect(violations(under('web'), (i) => fromSpec(i) && !i.typeOnly)).toEqual([]);
  });
});
