/**
 * Every answer the API suites (test/api) receive is checked against the committed
 * OpenAPI document, strictly where its schemas are closed. A vitest setup file: it runs before each
 * test file, so no suite has to opt in. A test fails when an answer it received (or one received
 * before it, in a `beforeAll`) does not match; a file whose tests received no checked answer at all
 * fails too, which proves the checks ran. Each test records how many answers it had checked as
 * `meta.answersChecked` (in the JSON report, .test-results.json).
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    answersChecked?: number;
  }
}

const API_SUITES = /[/\\]test[/\\]api[/\\][^/\\]+\.test\.ts$/;

/** A test playing a whole game can receive hundreds of wrong answers, mostly alike. */
const SHOWN_MISMATCHES = 10;

const raise = (mismatches: string[]) => {
  if (mismatches.length === 0) return;
  const shown = mismatches.slice(0, SHOWN_MISMATCHES);
  const more = mismatches.length > shown.length ? `\n  … and ${mismatches.length - shown.length} more` : '';
  throw new Error(
    `The API answered ${mismatches.length} request(s) unlike its OpenAPI document (api-spec/openapi.json):\n  ${shown.join('\n  ')}${more}`,
  );
};

/** The fetch as the runtime gave it, kept across the files a worker runs one after another (vitest's isolate: false). */
const PLAIN_FETCH = Symbol.for('railpost.plainFetch');
const kept = globalThis as { [PLAIN_FETCH]?: typeof fetch };
const plainFetch = (kept[PLAIN_FETCH] ??= globalThis.fetch);
// Each file starts from the plain fetch: an API suite's checking one never reaches the next file.
globalThis.fetch = plainFetch;

if (API_SUITES.test(expect.getState().testPath ?? '')) {
  // Loaded here only: the other suites need neither the document nor ajv.
  const { answersChecked, checkingFetch, documentValidator, takeVerdicts } = await import('./answer-checks.js');
  globalThis.fetch = checkingFetch(plainFetch);
  // A worker's earlier files counted their own answers.
  const checkedBefore = answersChecked();

  // Before the suite's own hooks start servers: compiling takes a while.
  beforeAll(() => void documentValidator());

  afterEach(({ task }) => {
    const { checked, mismatches } = takeVerdicts();
    task.meta.answersChecked = checked;
    raise(mismatches);
  });

  afterAll(() => {
    raise(takeVerdicts().mismatches);
    if (answersChecked() === checkedBefore)
      throw new Error(
        'No answer of the API was checked against the OpenAPI document in this file: is answer-checks.setup.ts installed?',
      );
  });
}
