/**
 * An item's size as DynamoDB bills it (the write units of a put are its size in KB, rounded up):
 * each attribute's name in UTF-8 bytes plus its value. Strings and binaries count their bytes; a
 * number about one byte per two significant digits, plus one.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Item } from './attributes.js';

export function itemSize(item: Item): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueSize(value), 0);
}

function valueSize(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return v.B.byteLength;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  throw new Error(`itemSize: no size rule for ${Object.keys(v).join(', ')}`);
}

function numberSize(n: string): number {
  const digits = n.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(digits.length / 2) + 1;
}
