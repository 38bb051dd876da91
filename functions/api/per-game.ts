/**
 * Each catalog game's own shapes as named components of the OpenAPI document: its actions and its
 * options, each schema built once so that every answer and request refers to the same component.
 */
import * as z from './openapi-zod.js';
import type { AnyGame } from '../../engine/core/index.js';

/** The catalog's games that publish their shapes (GameDefinition.schemas), in catalog order; unlisted test games are not documented. */
export const published = (games: readonly AnyGame[]) =>
  games.flatMap((g) => (g.listed && g.schemas ? [{ def: g, schemas: g.schemas }] : []));

/** A game id as a component name: `ticket-to-ride-europe` -> `TicketToRideEurope`. */
export const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

// Wrapped: the engine's schemas may be built before `.openapi()` is put on zod's (openapi-zod.ts).
const actions = new WeakMap<AnyGame, AnyGame['action']>();
const options = new WeakMap<AnyGame, z.ZodType>();

/** The game's actions, as the component `<Game>Action` (a union discriminated by `type`). */
export function actionOf(def: AnyGame): AnyGame['action'] {
  let named = actions.get(def);
  if (!named) {
    named = z
      .lazy(() => def.action)
      .openapi(`${pascal(def.id)}Action`, {
        description: `An action of ${def.title}: one of legalActions, posted back unchanged`,
      });
    actions.set(def, named);
  }
  return named;
}

/** The game's options, as the component `<Game>Options` (every field optional, with its default). */
export function optionsOf(def: AnyGame): z.ZodType {
  let named = options.get(def);
  if (!named) {
    named = z
      .lazy(() => def.options)
      .openapi(`${pascal(def.id)}Options`, { description: `The options of ${def.title}` });
    options.set(def, named);
  }
  return named;
}

/**
 * `schema` as a member of a union that refers to its component: the generator spells out the
 * members of a union met inside another one, so each game's actions would be written again.
 */
export const byReference = <T extends z.ZodType>(schema: T) => z.lazy(() => schema);

/** One member per game, discriminated by `key`; the fallback when no game publishes its shapes (a test registry). */
export function byGame<K extends string>(
  key: K,
  members: readonly z.ZodObject<{ [k in K]: z.ZodLiteral<string> }>[],
  fallback: z.ZodType,
): z.ZodType {
  const [first, ...rest] = members;
  return first ? z.discriminatedUnion(key, [first, ...rest]) : fallback;
}

/** Any catalog game's options: what `GameOptions` stands for in answers that name no game's schema. */
export function anyGameOptions(games: readonly AnyGame[]): z.ZodType {
  const [first, ...rest] = published(games).map(({ def }) => optionsOf(def));
  return first
    ? z.union([first, ...rest]).openapi({ description: "A game's options, as its game defines them" })
    : z.unknown();
}
