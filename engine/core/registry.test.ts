import { describe, expect, it } from 'vitest';
import type { AnyGame } from './contract.js';
import { createRegistry } from './registry.js';

/** Only the fields the registry looks at matter here. */
const game = (id: string, listed: boolean): AnyGame => ({ id, title: id, minPlayers: 2, maxPlayers: 4, listed }) as unknown as AnyGame;

describe('createRegistry', () => {
  it('rejects two games with the same id, naming the id', () => {
    expect(() => createRegistry([game('ttr', true), game('other', true), game('ttr', false)])).toThrow(/duplicate game id ttr/);
  });

  it('get finds every registered game by id, listed or not, and is undefined for unknown ids', () => {
    const listed = game('ttr', true);
    const hidden = game('high-card', false);
    const registry = createRegistry([listed, hidden]);
    expect(registry.get('ttr')).toBe(listed);
    expect(registry.get('high-card')).toBe(hidden);
    expect(registry.get('nope')).toBeUndefined();
    expect(registry.get('')).toBeUndefined();
  });

  it('listed() is the public catalog: listed games only, in registration order', () => {
    const registry = createRegistry([game('b', true), game('fixture', false), game('a', true), game('hidden', false)]);
    expect(registry.listed().map((g) => g.id)).toEqual(['b', 'a']);
  });

  it('listed() is empty when no game is listed, and for an empty registry', () => {
    expect(createRegistry([game('fixture', false)]).listed()).toEqual([]);
    expect(createRegistry([]).listed()).toEqual([]);
  });

  it('changing the array listed() returns does not change the registry', () => {
    const registry = createRegistry([game('a', true)]);
    registry.listed().push(game('intruder', true));
    registry.listed().length = 0;
    expect(registry.listed().map((g) => g.id)).toEqual(['a']);
  });

  it('changing the input array afterwards does not change the registry', () => {
    const games = [game('a', true)];
    const registry = createRegistry(games);
    games.push(game('late', true));
    expect(registry.get('late')).toBeUndefined();
    expect(registry.listed()).toHaveLength(1);
  });
});
