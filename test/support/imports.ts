/**
 * The repository's import graph, read from the sources with the TypeScript parser, for the layer
 * rules: what each file imports (relative imports resolved to repository paths, packages by name),
 * and whether an import is type-only (erased at runtime).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SKIP = new Set(['node_modules', 'cdk.out', '.data', 'dist', '.git']);

export interface Import {
  /** A repository path such as `engine/core/index.ts`, or a package name such as `zod` or `node:fs`. */
  target: string;
  /** True for a package, false for a file of the repository. */
  external: boolean;
  typeOnly: boolean;
}

/** Every .ts/.tsx source under `dir` (a repository path), as repository paths. */
export function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const path = posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/** Tests and the kits only tests use; everything under test/ counts as test code. */
export function isTestCode(path: string): boolean {
  return path.startsWith('test/') || /\.test\.tsx?$/.test(path) || /(^|[./])testkit\.tsx?$/.test(path);
}

/** `.js` specifiers name the `.ts`/`.tsx` source (NodeNext style). */
function resolveRelative(from: string, specifier: string): string {
  const joined = posix.normalize(posix.join(posix.dirname(from), specifier));
  return joined.replace(/\.js$/, '.ts').replace(/\.jsx$/, '.tsx');
}

function packageName(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const cache = new Map<string, Import[]>();

/** The static imports, re-exports and dynamic `import()` calls of one file. */
export function importsOf(path: string): Import[] {
  const known = cache.get(path);
  if (known) return known;
  const text = readFileSync(join(ROOT, path), 'utf8');
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    false,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const external = !specifier.startsWith('.');
    let target = external ? packageName(specifier) : resolveRelative(path, specifier);
    // A .tsx file imported with a .js specifier.
    if (!external && target.endsWith('.ts') && !sourceExists(target) && sourceExists(`${target}x`))
      target = `${target}x`;
    found.push({ target, external, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  cache.set(path, found);
  return found;
}

const existing = new Set<string>();
function sourceExists(path: string): boolean {
  if (existing.size === 0)
    for (const dir of ['engine', 'functions', 'web', 'test', 'scripts', 'infra'])
      for (const f of sourcesUnder(dir)) existing.add(f);
  return existing.has(path);
}

/** Every import cycle among `files` (each once, as the path that closes it), following only imports into `files`. */
export function cyclesAmong(files: readonly string[]): string[][] {
  const inside = new Set(files);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const dfs = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const { target } of importsOf(file)) {
      if (!inside.has(target)) continue;
      if (state.get(target) === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) dfs(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) dfs(file);
  return cycles;
}
