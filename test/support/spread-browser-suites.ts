import { BaseSequencer, type TestSpecification } from 'vitest/node';

const BROWSER_SUITE = /[/\\]test[/\\]browser[/\\]/;

/**
 * Spreads the browser suites evenly through the run, in vitest's own order otherwise. Each drives a
 * Chromium of its own, several processes on two cores: two at once slow each other down by a third,
 * so while one runs, the other worker should be running suites that need no browser.
 */
export class SpreadBrowserSuites extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => BROWSER_SUITE.test(f.moduleId));
    const others = sorted.filter((f) => !BROWSER_SUITE.test(f.moduleId));
    const gap = others.length / Math.max(1, browser.length);
    const spread: TestSpecification[] = [];
    let taken = 0;
    browser.forEach((suite, i) => {
      const until = Math.round(i * gap);
      spread.push(...others.slice(taken, until), suite);
      taken = until;
    });
    return [...spread, ...others.slice(taken)];
  }
}
