import type { AnyGame } from './contract.js';

/** What is known of a game without its rules: enough to list it and to refuse an unknown id. */
export type GameFacts = Pick<AnyGame, 'id' | 'title' | 'minPlayers' | 'maxPlayers' | 'listed' | 'rulesRevision'>;

/**
 * A game as the registry is given it: its definition at hand, or its facts and a loader, so that
 * a Lambda's cold start evaluates no game's rules or data until a request needs them.
 */
export type GameSource = AnyGame | (GameFacts & { load: () => Promise<AnyGame> });

export interface GameRegistry {
  /** The game's definition, loaded by the first call that needs it; undefined for an unknown id. */
  get(id: string): Promise<AnyGame | undefined>;
  /** The game's facts, without loading it; undefined for an unknown id. */
  facts(id: string): GameFacts | undefined;
  /** The public catalog's facts: listed games only, in registration order. */
  listed(): GameFacts[];
}

export function createRegistry(sources: readonly GameSource[]): GameRegistry {
  const byId = new Map<string, { facts: GameFacts; load: () => Promise<AnyGame> }>();
  for (const source of sources) {
    if (byId.has(source.id)) throw new Error(`duplicate game id ${source.id}`);
    const facts = factsOf(source);
    byId.set(source.id, { facts, load: 'load' in source ? once(facts, source.load) : () => Promise.resolve(source) });
  }
  return {
    get: (id) => byId.get(id)?.load() ?? Promise.resolve(undefined),
    facts: (id) => byId.get(id)?.facts,
    listed: () => [...byId.values()].filter((g) => g.facts.listed).map((g) => g.facts),
  };
}

/** The definitions of the listed games, each loaded. */
export async function listedGames(registry: GameRegistry): Promise<AnyGame[]> {
  return Promise.all(registry.listed().map(async ({ id }) => (await registry.get(id))!));
}

/** The facts of a game, its manifest or its definition: what the definition takes from its manifest (`defineGame({ ...factsOf(manifest), … })`). */
export function factsOf({ id, title, minPlayers, maxPlayers, listed, rulesRevision }: GameFacts): GameFacts {
  return { id, title, minPlayers, maxPlayers, listed, ...(rulesRevision === undefined ? {} : { rulesRevision }) };
}

/**
 * Loads once. The facts were written apart from the definition, so the definition must agree with
 * them. A failed load (a missing chunk) is tried again by the next call rather than remembered.
 */
function once(facts: GameFacts, load: () => Promise<AnyGame>): () => Promise<AnyGame> {
  let loading: Promise<AnyGame> | undefined;
  return () =>
    (loading ??= load().then(
      (game) => {
        if (JSON.stringify(factsOf(game)) !== JSON.stringify(facts))
          throw new Error(`game ${facts.id} loaded unlike its facts: ${JSON.stringify(factsOf(game))}`);
        return game;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
}
