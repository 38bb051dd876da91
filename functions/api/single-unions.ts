/**
 * A game with one action type, or one log event type, publishes a discriminated union of one
 * member, which zod-to-openapi writes as a `oneOf` of one schema. It means no more than the member,
 * and linters take it for a mistake (Redocly's no-illogical-composition-keywords), so each such
 * `oneOf` is replaced by its member; the keywords beside it (a description) stay, the discriminator
 * of a union that no longer exists goes.
 */
export function unwrapSingleUnions<T>(document: T): T {
  return JSON.parse(JSON.stringify(document), (_key, value: unknown) => {
    if (!isSingleUnion(value)) return value;
    const { oneOf, discriminator: _discriminator, ...beside } = value;
    return { ...oneOf[0], ...beside };
  }) as T;
}

type SingleUnion = { oneOf: [Record<string, unknown>]; discriminator?: unknown } & Record<string, unknown>;

function isSingleUnion(value: unknown): value is SingleUnion {
  const v = value as Partial<SingleUnion> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.oneOf) &&
    v.oneOf.length === 1 &&
    typeof v.oneOf[0] === 'object'
  );
}
