/**
 * An action the rules do not allow. `rule` is the rule ID of the spec in shared/rules
 * (e.g. "TTRE-7.2"); `code` is a stable machine-readable reason. The message must not
 * reveal hidden information (it reaches the acting player and the log).
 */
export class RuleError extends Error {
  override readonly name = 'RuleError';
  constructor(
    readonly code: string,
    message: string,
    readonly rule: string,
  ) {
    super(message);
  }
}

export function ruleCheck(condition: unknown, code: string, message: string, rule: string): asserts condition {
  if (!condition) throw new RuleError(code, message, rule);
}
