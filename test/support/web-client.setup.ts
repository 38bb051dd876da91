/**
 * Vitest global setup for the browser suites: builds the web client once for the whole run, in the
 * main process, into a folder of its own that each suite serves (useBrowserSuite), as the API Lambda
 * serves it: every suite building it took seconds of two shared cores. A failed build does not abort
 * the run: each browser suite fails at once with its message.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeClient } from '../../web/build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built web client is (the layout the API Lambda serves), or why it could not be built. */
    webClient: { dir: string } | { failed: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'railpost-web-'));
  try {
    await writeClient(dir);
    project.provide('webClient', { dir });
  } catch (err) {
    project.provide('webClient', {
      failed: `building the web client failed: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
  return () => rm(dir, { recursive: true, force: true });
}
