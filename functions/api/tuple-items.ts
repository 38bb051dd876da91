/**
 * zod-to-openapi writes a tuple as `prefixItems` alone, which JSON Schema reads as "at least
 * nothing, then anything": it checks neither the length nor later items, and linters want an
 * `items` beside `type: array`. This closes each such tuple: exactly its length, and `items`
 * (never reached at that length) the schema its members share, or any of them.
 */
export function closeTuples<T>(document: T): T {
  return JSON.parse(JSON.stringify(document), (_key, value: unknown) => {
    if (!isOpenTuple(value)) return value;
    const members = [...new Set(value.prefixItems.map((m) => JSON.stringify(m)))].map((m) => JSON.parse(m) as unknown);
    const items = members.length === 1 ? members[0] : { anyOf: members };
    return { ...value, items, minItems: value.prefixItems.length, maxItems: value.prefixItems.length };
  }) as T;
}

type OpenTuple = { type: 'array' | string[]; prefixItems: unknown[] } & Record<string, unknown>;

/** A tuple, nullable ones (`type: ['array', 'null']`) too, without `items`. */
function isOpenTuple(value: unknown): value is OpenTuple {
  const v = value as Partial<OpenTuple> | null;
  const array = v?.type === 'array' || (Array.isArray(v?.type) && v.type.includes('array'));
  return typeof v === 'object' && v !== null && array && Array.isArray(v.prefixItems) && !('items' in v);
}
