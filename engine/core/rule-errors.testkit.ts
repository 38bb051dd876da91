import { expect } from 'vitest';
import { RuleError } from './index.js';

/** Runs `fn`, which must throw a RuleError citing `rule` and/or with `code`; returns the error. */
export function expectRuleError(fn: () => unknown, expected: { rule?: string; code?: string }): RuleError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RuleError);
    if (expected.rule !== undefined) expect((e as RuleError).rule).toBe(expected.rule);
    if (expected.code !== undefined) expect((e as RuleError).code).toBe(expected.code);
    return e as RuleError;
  }
  throw new Error(`expected a RuleError ${JSON.stringify(expected)}`);
}
