/** The kit's copy of a state is the copy `structuredClone` made, without sharing anything. */
import { describe, expect, it } from 'vitest';
import { cloneJson } from './clone.js';

describe('cloneJson', () => {
  const value = {
    a: 1,
    b: 'x',
    c: null,
    d: [1, [2, { e: true }], null],
    f: { g: { h: [] as number[] } },
    u: undefined,
  };

  it('copies plain JSON data deeply, keeping key order and undefined fields', () => {
    const copy = cloneJson(value);
    expect(copy).toStrictEqual(structuredClone(value));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
    expect(Object.keys(copy)).toEqual(Object.keys(value));
  });

  it('shares no object or array with the original', () => {
    const copy = cloneJson(value);
    copy.f.g.h.push(1);
    (copy.d[1] as [number, { e: boolean }])[1].e = false;
    expect(value.f.g.h).toEqual([]);
    expect(value.d).toEqual([1, [2, { e: true }], null]);
  });

  it('returns primitives as they are', () => {
    expect([cloneJson(3), cloneJson('s'), cloneJson(null), cloneJson(false)]).toEqual([3, 's', null, false]);
  });
});
