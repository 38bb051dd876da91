/**
 * RP-STREAM-6: the notifier's stream filters (infra/notifier.ts), as deployed, against stream records
 * built from real items: a quiet commit does not invoke the notifier; every record it handles
 * (functions/notify/stream.ts: commits that tell someone, META writes for rematch offers, reminder,
 * chat and digest claims, challenges) still does. No kept EventBridge pattern library is at hand for Node, so the
 * matcher is the few lines the operators these patterns use need.
 */
import { describe, expect, it } from 'vitest';
import { commitItem } from '../functions/store/commit-item.js';
import { keys } from '../functions/store/keys.js';
import { template } from './infra.testkit.js';

type Pattern = { [key: string]: Pattern | unknown[] };

const patterns: Pattern[] = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).flatMap((m: any) =>
  (m.Properties.FilterCriteria?.Filters ?? []).map((f: { Pattern: string }) => JSON.parse(f.Pattern)),
);

/** EventBridge-style matching of one pattern: every key present in the event matches one of its values. */
function matches(pattern: Pattern, event: unknown): boolean {
  return Object.entries(pattern).every(([key, rule]) => {
    const value = (event as Record<string, unknown> | undefined)?.[key];
    // A missing field matches only `exists: false` below it.
    if (!Array.isArray(rule)) return matches(rule, value);
    return rule.some((r) => {
      if (typeof r !== 'object' || r === null) return value === r;
      if ('exists' in r) return (value !== undefined) === r.exists;
      if ('prefix' in r) return typeof value === 'string' && value.startsWith(r.prefix as string);
      throw new Error(`no matcher for ${JSON.stringify(r)}`);
    });
  });
}

const invokes = (eventName: string, image: Record<string, any>) =>
  patterns.some((p) => matches(p, { eventName, dynamodb: { Keys: { pk: image.pk, sk: image.sk }, NewImage: image } }));

const commit = (quiet: boolean) =>
  commitItem(
    'g1',
    {
      key: 4,
      version: 4,
      records: [],
      before: [0],
      toAct: [1],
      status: 'active',
      state: {},
      forfeited: [],
      recentKeys: {},
      at: '2026-11-29T05:00:00.000Z',
      ...(quiet ? { quiet: true as const } : {}),
    },
    'vlaky-na-trati',
  );

describe('the notifier stream filter (RP-STREAM-6)', () => {
  it('reads the deployed patterns (guards the rest against passing on none)', () => {
    expect(patterns.length).toBe(5);
  });

  it('drops the insert of a quiet commit, and keeps the insert of one that tells someone', () => {
    expect(invokes('INSERT', commit(true))).toBe(false);
    expect(invokes('INSERT', commit(false))).toBe(true);
  });

  it('keeps META writes (rematch offers), reminder, chat and digest claims; drops removals and changed commits', () => {
    const item = (sk: string) => ({ pk: { S: keys.game('g1') }, sk: { S: sk }, x: { N: '1' } });
    expect(invokes('MODIFY', item(keys.meta))).toBe(true);
    expect(invokes('INSERT', item(`${keys.reminderPrefix}x`))).toBe(true);
    expect(invokes('INSERT', item(`${keys.chatPrefix}x`))).toBe(true);
    expect(invokes('INSERT', item(`${keys.digestDayPrefix}x`))).toBe(true);
    expect(invokes('REMOVE', item(`${keys.chatPrefix}x`))).toBe(false);
    expect(invokes('MODIFY', commit(false))).toBe(false);
  });

  it("keeps a challenge's own item made and settled (RP-CHALLENGE-6), not the parties' copies of it", () => {
    const own = { pk: { S: keys.challenge('c1').pk }, sk: { S: keys.challengeItem } };
    const entry = { pk: { S: keys.player('p1') }, sk: { S: keys.challengeEntry('incoming', '2026-11-29', 'c1') } };
    expect(invokes('INSERT', own)).toBe(true);
    expect(invokes('MODIFY', own)).toBe(true);
    expect(invokes('INSERT', entry)).toBe(false);
    expect(invokes('MODIFY', entry)).toBe(false);
  });
});
