import { describe, expect, it } from 'vitest';
import type { AnyGame } from './contract.js';
import { createRegistry, listedGames, type GameSource } from './registry.js';

/** Only the fields the registry looks at matter here. */
const game = (id: string, listed: boolean): AnyGame =>
  ({ id, title: id, minPlayers: 2, maxPlayers: 4, listed }) as unknown as AnyGame;

describe('createRegistry', () => {
  it('rejects two games with the same id, naming the id', () => {
    expect(() => createRegistry([game('ttr', true), game('other', true), game('ttr', false)])).toThrow(
      /duplicate game id ttr/,
    );
  });

  it('get finds every registered game by id, listed or not, and is undefined for unknown ids', async () => {
    const listed = game('ttr', true);
    const hidden = game('high-card', false);
    const registry = createRegistry([listed, hidden]);
    expect(await registry.get('ttr')).toBe(listed);
    expect(await registry.get('high-card')).toBe(hidden);
    expect(await registry.get('nope')).toBeUndefined();
    expect(await registry.get('')).toBeUndefined();
    expect(registry.facts('high-card')).toEqual({
      id: 'high-card',
      title: 'high-card',
      minPlayers: 2,
      maxPlayers: 4,
      listed: false,
    });
    expect(registry.facts('nope')).toBeUndefined();
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

  it('changing the input array afterwards does not change the registry', async () => {
    const games = [game('a', true)];
    const registry = createRegistry(games);
    games.push(game('late', true));
    expect(await registry.get('late')).toBeUndefined();
    expect(registry.listed()).toHaveLength(1);
  });
});

/** A game given by its facts and a loader, counting its loads. */
function onDemand(loaded: AnyGame, facts: Partial<AnyGame> = {}): GameSource & { loads: number } {
  const { id, title, minPlayers, maxPlayers, listed } = loaded;
  const source = {
    id,
    title,
    minPlayers,
    maxPlayers,
    listed,
    ...facts,
    loads: 0,
    load: async () => {
      source.loads++;
      return loaded;
    },
  };
  return source;
}

describe('games loaded when a request needs them', () => {
  it('lists, and knows the facts of, a game given by a loader without loading it', () => {
    const source = onDemand(game('ttr', true));
    const registry = createRegistry([source, game('fixture', false)]);
    expect(registry.listed()).toEqual([{ id: 'ttr', title: 'ttr', minPlayers: 2, maxPlayers: 4, listed: true }]);
    expect(registry.facts('ttr')?.maxPlayers).toBe(4);
    expect(source.loads).toBe(0);
  });

  it('loads a game once, however many requests ask for it at once or later', async () => {
    const loaded = game('ttr', true);
    const source = onDemand(loaded);
    const registry = createRegistry([source]);
    expect(await Promise.all([registry.get('ttr'), registry.get('ttr')])).toEqual([loaded, loaded]);
    expect(await registry.get('ttr')).toBe(loaded);
    expect(await listedGames(registry)).toEqual([loaded]);
    expect(source.loads).toBe(1);
  });

  it('refuses a loaded definition unlike the facts it was listed with', async () => {
    const registry = createRegistry([onDemand(game('ttr', true), { maxPlayers: 5 })]);
    await expect(registry.get('ttr')).rejects.toThrow(/game ttr loaded unlike its facts/);
  });

  it('tries a failed load again at the next request', async () => {
    const loaded = game('ttr', true);
    let fail = true;
    const registry = createRegistry([
      {
        id: 'ttr',
        title: 'ttr',
        minPlayers: 2,
        maxPlayers: 4,
        listed: true,
        load: async () => {
          if (fail) throw new Error('chunk missing');
          return loaded;
        },
      },
    ]);
    await expect(registry.get('ttr')).rejects.toThrow('chunk missing');
    fail = false;
    expect(await registry.get('ttr')).toBe(loaded);
  });
});
