/**
 * A tracer for the DynamoDB client: every command it sends, with the capacity units the store
 * reports (it asks for them with ReturnConsumedCapacity), the bytes of the request and of the
 * answer, and how many items were read or written. Tests count a move's round trips with it, the
 * benchmark prices them.
 */
import type { AttributeValue, DynamoDBClient } from '@aws-sdk/client-dynamodb';

type Item = Record<string, AttributeValue>;

export interface TracedCall {
  command: string;
  /** The command's input as sent. */
  input: Record<string, any>;
  kind: 'read' | 'write' | 'other';
  /** Capacity units the store reported; for a write refused by its condition, estimated from the item (it is billed all the same). */
  units: number;
  /** Items the answer carried (reads) or the request wrote (writes). */
  items: number;
  /** Sizes of the items as DynamoDB bills them (read: the items answered; write: the item sent). */
  itemBytes: number;
  /** HTTP body sizes on the wire. */
  requestBytes: number;
  responseBytes: number;
  /** Writes only: the write carried a condition (the race guard of a move). */
  conditional: boolean;
  /** The error's name when the command failed (e.g. ConditionalCheckFailedException). */
  failed?: string;
}

const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

/**
 * Traces every command of `db` from now on; returns a function that stops tracing. Commands that
 * can report capacity are sent with ReturnConsumedCapacity TOTAL (the answer is otherwise the same).
 */
export function traceCalls(db: DynamoDBClient, onCall: (call: TracedCall) => void): () => void {
  const name = `railpostTrace${Math.random().toString(36).slice(2)}`;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      const kind = READS.has(command) ? 'read' : WRITES.has(command) ? 'write' : 'other';
      const input = args.input as Record<string, any>;
      if (kind !== 'other') input.ReturnConsumedCapacity ??= 'TOTAL';
      const conditional = kind === 'write' && conditionOf(command, input);
      const sizes = { request: 0, response: 0 };
      (context as { railpostSizes?: typeof sizes }).railpostSizes = sizes;
      try {
        const out = await next(args);
        const output = out.output as Record<string, any>;
        onCall({
          command,
          input,
          kind,
          units: reportedUnits(output.ConsumedCapacity),
          ...itemsOf(command, input, output),
          conditional,
          requestBytes: sizes.request,
          responseBytes: sizes.response,
        });
        return out;
      } catch (err) {
        const written = kind === 'write' ? itemsOf(command, input, {}) : { items: 0, itemBytes: 0 };
        onCall({
          command,
          input,
          kind,
          units: kind === 'write' ? writeUnits(written.itemBytes) : 0,
          ...written,
          conditional,
          requestBytes: sizes.request,
          responseBytes: sizes.response,
          failed: (err as Error).name,
        });
        throw err;
      }
    },
    { step: 'initialize', name },
  );
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const sizes = (context as { railpostSizes?: { request: number; response: number } }).railpostSizes;
      const request = args.request as { body?: unknown };
      if (sizes && typeof request.body === 'string') sizes.request = Buffer.byteLength(request.body);
      const out = await next(args);
      const headers = (out.response as { headers?: Record<string, string> }).headers ?? {};
      if (sizes) sizes.response = Number(headers['content-length'] ?? 0);
      return out;
    },
    { step: 'finalizeRequest', name: `${name}Bytes` },
  );
  return () => {
    db.middlewareStack.remove(name);
    db.middlewareStack.remove(`${name}Bytes`);
  };
}

function conditionOf(command: string, input: Record<string, any>): boolean {
  if (command === 'TransactWriteItemsCommand')
    return (input.TransactItems ?? []).some((t: any) => Object.values(t).some((op: any) => op?.ConditionExpression));
  return typeof input.ConditionExpression === 'string';
}

function reportedUnits(consumed: unknown): number {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  return list.reduce((sum: number, c: { CapacityUnits?: number }) => sum + (c.CapacityUnits ?? 0), 0);
}

function itemsOf(
  command: string,
  input: Record<string, any>,
  output: Record<string, any>,
): { items: number; itemBytes: number } {
  const sized = (items: Item[]) => ({ items: items.length, itemBytes: items.reduce((n, i) => n + itemBytes(i), 0) });
  switch (command) {
    case 'GetItemCommand':
      return sized(output.Item ? [output.Item] : []);
    case 'QueryCommand':
    case 'ScanCommand':
      return sized(output.Items ?? []);
    case 'BatchGetItemCommand':
      return sized(Object.values((output.Responses ?? {}) as Record<string, Item[]>).flat());
    case 'PutItemCommand':
      return sized([input.Item]);
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return sized([input.Key]);
    case 'BatchWriteItemCommand':
      return sized(
        Object.values(
          (input.RequestItems ?? {}) as Record<
            string,
            { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]
          >,
        )
          .flat()
          .map((r) => r.PutRequest?.Item ?? r.DeleteRequest?.Key ?? {}),
      );
    case 'TransactWriteItemsCommand':
      return sized(
        (input.TransactItems ?? []).map(
          (t: any) => t.Put?.Item ?? t.Update?.Key ?? t.Delete?.Key ?? t.ConditionCheck?.Key ?? {},
        ),
      );
    default:
      return { items: 0, itemBytes: 0 };
  }
}

/**
 * The size DynamoDB bills an item by: attribute names plus values (strings and binary by their
 * bytes, numbers by about one byte per two digits plus one, lists and maps with 3 bytes of overhead
 * and 1 per element). https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html
 */
export function itemBytes(item: Item): number {
  return Object.entries(item).reduce((n, [name, value]) => n + Buffer.byteLength(name) + valueBytes(value), 0);
}

function valueBytes(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return Math.ceil(v.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
  if (v.B !== undefined) return v.B.length;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.L !== undefined) return 3 + v.L.reduce((n, x) => n + 1 + valueBytes(x), 0);
  if (v.M !== undefined)
    return 3 + Object.entries(v.M).reduce((n, [k, x]) => n + 1 + Buffer.byteLength(k) + valueBytes(x), 0);
  if (v.SS !== undefined) return v.SS.reduce((n, x) => n + Buffer.byteLength(x), 0);
  if (v.NS !== undefined) return v.NS.reduce((n, x) => n + Math.ceil(x.length / 2) + 1, 0);
  return 0;
}

/** Write units of one write of an item (1 per KB, rounded up), read units of a strongly consistent read (1 per 4 KB). */
export const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
export const readUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 4096));

/** Calls, units and bytes of a list of traced calls, summed. */
export interface CallTotals {
  reads: number;
  writes: number;
  readUnits: number;
  writeUnits: number;
  bytesRead: number;
  bytesWritten: number;
  wireBytes: number;
}

export function totals(calls: readonly TracedCall[]): CallTotals {
  const t: CallTotals = {
    reads: 0,
    writes: 0,
    readUnits: 0,
    writeUnits: 0,
    bytesRead: 0,
    bytesWritten: 0,
    wireBytes: 0,
  };
  for (const c of calls) {
    if (c.kind === 'read') {
      t.reads++;
      t.readUnits += c.units;
      t.bytesRead += c.itemBytes;
    } else if (c.kind === 'write') {
      t.writes++;
      t.writeUnits += c.units;
      t.bytesWritten += c.itemBytes;
    }
    t.wireBytes += c.requestBytes + c.responseBytes;
  }
  return t;
}
