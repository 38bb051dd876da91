/**
 * A commit as one DynamoDB item. What listings, the notifier's filters and conditions need stays in
 * plain attributes; the records, the state and the idempotency keys go into one deflated JSON
 * attribute (`d`), which is where the bytes are: a Ticket to Ride state of about 2.5 KB of JSON
 * deflates to about 0.9 KB on its own, and to about half that with a preset dictionary of the game's
 * typical commits (dictionaries/registry.ts; `dv` names the one used, none on commits written before
 * dictionaries or of a game without one). Attribute names are short because every byte counts toward
 * the 1 KB write unit (item-size.ts).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { type Item, n, num, optStr, s, str } from './attributes.js';
import { dictionaryBytes, dictionaryFor } from './dictionaries/registry.js';
import { commitKeyOf, keys } from './keys.js';
import type { CommitRecord, CommitSummary, EventRecord, SeatClock, TableState } from '../domain/game.js';

/** The deflated part of a commit. */
interface Packed {
  records: EventRecord[];
  before: number[];
  forfeited: number[];
  table?: TableState;
  state: unknown;
  setup?: unknown;
  recentKeys: CommitRecord['recentKeys'];
  at: string;
}

/** Attributes a listing reads besides the keys: everything but the deflated part. */
export const SUMMARY_PROJECTION = 'v, due, st, ck';

/** The JSON a commit deflates (the dictionaries are built from it too). */
export function packedJson(c: CommitRecord): string {
  const packed: Packed = {
    records: c.records,
    before: c.before,
    forfeited: c.forfeited,
    ...(c.table ? { table: c.table } : {}),
    state: c.state,
    ...(c.setup === undefined ? {} : { setup: c.setup }),
    recentKeys: c.recentKeys,
    at: c.at,
  };
  return JSON.stringify(packed);
}

/** `game`: the catalog id of the commit's game, whose newest dictionary deflates it. */
export function commitItem(gameId: string, c: CommitRecord, game: string): Item {
  const dictionary = dictionaryFor(game);
  const json = packedJson(c);
  const item: Item = {
    pk: s(keys.game(gameId)),
    sk: s(keys.commit(c.key)),
    v: n(c.version),
    due: s(JSON.stringify(c.toAct)),
    d: { B: dictionary ? deflateRawSync(json, { dictionary: dictionary.bytes }) : deflateRawSync(json) },
  };
  if (dictionary) item.dv = n(dictionary.id);
  // Most commits leave the game running: only the one that ends it says so.
  if (c.status !== 'active') item.st = s(c.status);
  if (c.clocks) item.ck = s(JSON.stringify(c.clocks));
  // What the notifier's stream filter looks at (infra/notifier.ts): absent on every commit that tells someone.
  if (c.quiet) item.q = n(1);
  if (c.request) Object.assign(item, { rq: s(c.request.key), rh: s(c.request.hash) });
  return item;
}

export function parseCommitSummary(item: Item): CommitSummary {
  const clocks = optStr(item, 'ck');
  return {
    key: commitKeyOf(str(item, 'sk')),
    version: num(item, 'v'),
    toAct: JSON.parse(str(item, 'due')) as number[],
    status: statusOf(optStr(item, 'st')),
    ...(clocks ? { clocks: JSON.parse(clocks) as SeatClock[] } : {}),
  };
}

export function parseCommit(item: Item): CommitRecord {
  const dv = item.dv?.N;
  const d = binary(item.d);
  const json = dv === undefined ? inflateRawSync(d) : inflateRawSync(d, { dictionary: dictionaryBytes(Number(dv)) });
  const packed = JSON.parse(json.toString('utf8')) as Packed;
  const rq = optStr(item, 'rq');
  return {
    ...parseCommitSummary(item),
    records: packed.records,
    before: packed.before,
    forfeited: packed.forfeited,
    ...(packed.table ? { table: packed.table } : {}),
    state: packed.state,
    ...(packed.setup === undefined ? {} : { setup: packed.setup }),
    recentKeys: packed.recentKeys,
    at: packed.at,
    ...(rq ? { request: { key: rq, hash: str(item, 'rh') } } : {}),
    ...(item.q ? { quiet: true as const } : {}),
  };
}

function statusOf(st: string | undefined): CommitRecord['status'] {
  return st === 'finished' || st === 'aborted' ? st : 'active';
}

/** The SDK hands binary attributes over as bytes; a stream event in Lambda, as base64 text. */
function binary(value: AttributeValue | undefined): Buffer {
  const b = (value as { B?: Uint8Array | string } | undefined)?.B;
  if (b === undefined) throw new Error('item attribute d missing');
  return typeof b === 'string' ? Buffer.from(b, 'base64') : Buffer.from(b);
}
