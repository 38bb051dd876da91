/**
 * The JSON bodies and answers of the routes' declarations, with their examples. An example that
 * comes from a resource's examples.ts (real answers of a local server, 14 KiB in all) is given as a function of them
 * and read only when the document is written: openapi-document.ts provides them first, and a
 * serving process, which never reads an example, does not load them.
 */
import type * as z from './openapi-zod.js';
import type { CATALOG_EXAMPLES } from './catalog/examples.js';
import type { CHAT_EXAMPLES } from './chat/examples.js';
import type { FINISH_EXAMPLES } from './finishing/examples.js';
import type { GAME_EXAMPLES } from './games/examples.js';
import type { NOTIFICATION_EXAMPLES } from './notifications/examples.js';
import type { PLAY_EXAMPLES } from './play/examples.js';
import type { GameExampleRefs } from './game-examples.js';
import type { PLAYER_EXAMPLES } from './players/examples.js';

/** Every resource's examples (each in its folder's examples.ts), as openapi-document.ts provides them. */
export type Examples = typeof CATALOG_EXAMPLES &
  typeof PLAYER_EXAMPLES &
  typeof NOTIFICATION_EXAMPLES &
  typeof GAME_EXAMPLES &
  typeof PLAY_EXAMPLES &
  typeof CHAT_EXAMPLES & { finish: typeof FINISH_EXAMPLES } & GameExampleRefs;
/** An example as it is, or picked from the examples when the document is written. */
export type Example = ((examples: Examples) => unknown) | string | number | boolean | object | null;

let provided: Examples | undefined;

/** openapi-document.ts: the examples the document's routes pick from. */
export function provideExamples(examples: Examples): void {
  provided = examples;
}

export function exampleValue(example: Example): unknown {
  if (typeof example !== 'function') return example;
  if (!provided)
    throw new Error('Examples are read only when the OpenAPI document is written (openapi-document.ts provides them)');
  return example(provided);
}

/** A media type object whose example is read when the document is written. */
export const media = <T extends z.ZodType>(schema: T, example: Example) => ({
  schema,
  get example() {
    return exampleValue(example);
  },
});

interface AnsweringJson {
  responses: { 200: { description: string; content: { 'application/json': object } } };
}

/** `route` answering 200 in `schema` instead, its examples kept: a route typed per game, for the document. */
export const answeringIn = <R extends AnsweringJson>(route: R, schema: z.ZodType): R => ({
  ...route,
  responses: {
    ...route.responses,
    200: {
      ...route.responses[200],
      content: { 'application/json': { ...route.responses[200].content['application/json'], schema } },
    },
  },
});

/** The security of an operation that needs a bearer token (openapi-document.ts registers the scheme). */
export const secured = [{ bearer: [] }];

/** An answer of JSON `schema`. */
export const json = <T extends z.ZodType>(schema: T, description: string, example: Example) => ({
  content: { 'application/json': media(schema, example) },
  description,
});

/** An answer of JSON `schema` with named examples (one per game, say), read when the document is written. */
export const jsonExamples = <T extends z.ZodType>(
  schema: T,
  description: string,
  examples: (examples: Examples) => Record<string, { $ref: string }>,
) => ({
  content: {
    'application/json': {
      schema,
      get examples() {
        return exampleValue(examples) as Record<string, { $ref: string }>;
      },
    },
  },
  description,
});

/** A required JSON request body of `schema`. */
export const body = <T extends z.ZodType>(schema: T, example: Example) => ({
  required: true as const,
  content: { 'application/json': media(schema, example) },
});
