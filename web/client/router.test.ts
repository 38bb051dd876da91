import { describe, expect, it } from 'vitest';
import { parseRoute } from './router.js';

describe('parseRoute', () => {
  it('splits a hash route into decoded parts', () => {
    expect(parseRoute('#/games/abc')).toEqual(['games', 'abc']);
    expect(parseRoute('#/join/g1/a%2Fb')).toEqual(['join', 'g1', 'a/b']);
    expect(parseRoute('')).toEqual([]);
    expect(parseRoute('#/')).toEqual([]);
  });

  it('a malformed percent-encoding (#/games/%E0%A4%A) is no route (null), not an uncaught URIError', () => {
    expect(parseRoute('#/games/%E0%A4%A')).toBeNull();
    expect(parseRoute('#/games/%')).toBeNull();
  });
});
