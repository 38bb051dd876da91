/**
 * The test server also plays the unlisted fixture games (engine/fixtures), which the OpenAPI
 * document leaves out: it describes the catalog. So that their view and log answers are checked
 * too, they join the document's per-game unions here, built as the documented members are
 * (functions/api/play/schemas.ts) with the fixture's own actions; their view and events stay open, since
 * fixtures publish no shapes of them.
 */
import { z } from 'zod';
import type { AnyGame } from '../../engine/core/index.js';
import { highCard } from '../../engine/fixtures/high-card.js';
import { tally } from '../../engine/fixtures/tally.js';
import {
  LogEventSchema,
  exportAnswerSchema,
  logAnswerSchema,
  viewAnswerSchema,
} from '../../functions/api/play/schemas.js';
import type { OpenApiDocument } from './response-validator.js';

export const FIXTURE_GAMES: readonly AnyGame[] = [highCard as AnyGame, tally as AnyGame];

interface DiscriminatedUnion {
  oneOf: { $ref: string }[];
  discriminator: { propertyName: string; mapping: Record<string, string> };
}

/**
 * Schemas with a registered id (e.g. BotLevel) come out as `$defs` of their own; the document has
 * each of them as a component already, so their references point there instead.
 */
const jsonSchemaOf = (schema: z.ZodType) => {
  const {
    $schema: _dialect,
    $defs: _components,
    ...rest
  } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as typeof rest;
};

/** A copy of `document` whose GameView, GameLog and GameExport also have a member for each of `games`. */
export function withFixtureGames(
  document: OpenApiDocument,
  games: readonly AnyGame[] = FIXTURE_GAMES,
): OpenApiDocument {
  const copy = structuredClone(document);
  const schemas = copy.components?.schemas ?? {};
  const join = (union: string, game: AnyGame, member: z.ZodType) => {
    const target = schemas[union] as DiscriminatedUnion | undefined;
    if (!target?.discriminator) throw new Error(`the document has no discriminated union ${union}`);
    const name = `Fixture_${game.id}_${union}`;
    schemas[name] = jsonSchemaOf(member);
    target.oneOf.push({ $ref: `#/components/schemas/${name}` });
    target.discriminator.mapping[game.id] = `#/components/schemas/${name}`;
  };
  // Their ids are games too, and their options their own (open: fixtures publish no shapes).
  (schemas.GameId as { enum: string[] }).enum.push(...games.map((g) => g.id));
  (schemas.GameOptions as { anyOf: object[] }).anyOf.push({ type: 'object' });
  for (const game of games) {
    join('GameView', game, viewAnswerSchema(game, z.unknown()));
    join('GameLog', game, logAnswerSchema(game, LogEventSchema));
    join('GameExport', game, exportAnswerSchema(game, z.unknown()));
  }
  return copy;
}
