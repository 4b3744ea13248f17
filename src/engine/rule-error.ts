// The error of a broken rule: what every rule check returns or throws, naming the rule.
/** A rule broken by an action or a setup; `rule` is the number it cites from docs/rules-spec.md. */
export class RuleError extends Error {
  constructor(
    message: string,
    readonly rule: string,
  ) {
    super(`${message} (${rule})`);
    this.name = 'RuleError';
  }
}
