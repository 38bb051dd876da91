/** Attribute-value helpers shared by the table's modules. */
import { ConditionalCheckFailedException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { WriteConflict } from './ports/errors.js';

export type Item = Record<string, AttributeValue>;

export const s = (v: string): AttributeValue => ({ S: v });
export const n = (v: number): AttributeValue => ({ N: String(v) });
export const json = (v: unknown): AttributeValue => ({ S: JSON.stringify(v) });

export function str(item: Item, name: string): string {
  const v = item[name]?.S;
  if (v === undefined) throw new Error(`item attribute ${name} missing`);
  return v;
}
export function num(item: Item, name: string): number {
  const v = item[name]?.N;
  if (v === undefined) throw new Error(`item attribute ${name} missing`);
  return Number(v);
}
export function parsed<T>(item: Item, name: string): T {
  return JSON.parse(str(item, name)) as T;
}
export const optStr = (item: Item, name: string) => item[name]?.S;

export async function conditional<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException || (err as Error).name === 'ConditionalCheckFailedException') {
      throw new WriteConflict('conditional write failed');
    }
    throw err;
  }
}

/** What a conditional write answered: undefined when its condition failed, a throw for any other failure. */
export async function ifLanded<T extends object>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await conditional(write);
  } catch (err) {
    if (err instanceof WriteConflict) return undefined;
    throw err;
  }
}

/** Whether a conditional write landed: false when its condition failed, a throw for any other failure. */
export async function landed(write: Promise<object>): Promise<boolean> {
  return (await ifLanded(write)) !== undefined;
}
