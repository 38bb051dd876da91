/**
 * zod-to-openapi (9.1) writes a nullable use of a schema it has already generated as
 * `allOf: [{ $ref }, { type: [T, 'null'] }]`, which still refuses null, since the referenced
 * schema must hold as well (asteasolutions/zod-to-openapi PR #387). This rewrites those uses as
 * `anyOf: [{ $ref }, { type: 'null' }]`, which is what `.nullable()` says.
 */
export function repairNullableRefs<T>(document: T): T {
  return JSON.parse(JSON.stringify(document), (_key, value: unknown) => {
    if (!isBrokenNullableRef(value)) return value;
    const { allOf, ...rest } = value;
    return { ...rest, anyOf: [allOf[0], { type: 'null' }] };
  }) as T;
}

type BrokenNullableRef = { allOf: [{ $ref: string }, { type: string[] }] } & Record<string, unknown>;

function isBrokenNullableRef(value: unknown): value is BrokenNullableRef {
  const allOf = (value as { allOf?: unknown } | null)?.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 2) return false;
  const [ref, nullable] = allOf as [Record<string, unknown>, Record<string, unknown>];
  return (
    typeof ref.$ref === 'string' &&
    Object.keys(ref).length === 1 &&
    Object.keys(nullable).length === 1 &&
    Array.isArray(nullable.type) &&
    nullable.type.includes('null')
  );
}
