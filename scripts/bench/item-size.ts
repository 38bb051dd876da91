import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/**
 * The size DynamoDB bills an item by: attribute names plus values (strings and binary by their
 * bytes, numbers by about one byte per two digits plus one, lists and maps with 3 bytes of overhead
 * and 1 per element). https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html
 */
export function itemBytes(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce((n, [name, value]) => n + Buffer.byteLength(name) + valueBytes(value), 0);
}

function valueBytes(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return Math.ceil(v.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
  if (v.B !== undefined) return v.B.length;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.L !== undefined) return 3 + v.L.reduce((n, x) => n + 1 + valueBytes(x), 0);
  if (v.M !== undefined) return 3 + Object.entries(v.M).reduce((n, [k, x]) => n + 1 + Buffer.byteLength(k) + valueBytes(x), 0);
  if (v.SS !== undefined) return v.SS.reduce((n, x) => n + Buffer.byteLength(x), 0);
  if (v.NS !== undefined) return v.NS.reduce((n, x) => n + Math.ceil(x.length / 2) + 1, 0);
  return 0;
}

/** Write units of one write of an item (1 per KB, rounded up), read units of a strongly consistent read (1 per 4 KB). */
export const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
export const readUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 4096));
