/**
 * Vitest global setup: finds Chromium, installing Debian's package where allowed, once, in the main
 * process before any worker starts (workers installing it each would race for apt's lock). A missing
 * Chromium does not abort the run: the other suites' results still count, and each browser suite
 * fails at once with the one message provided here (useBrowserSuite).
 */
import type { TestProject } from 'vitest/node';
import { provideChromium, thisMachine } from '../../scripts/support/chromium-install.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the browser suites cannot run (what to install or set), or null when Chromium is there. */
    noChromium: string | null;
  }
}

export default function setup(project: TestProject): void {
  project.provide('noChromium', provideChromium(thisMachine()));
}
