/**
 * The client generated from the OpenAPI document refuses at compile time what the
 * document does not declare, and types answers per operation. These are type checks: the type
 * check (`npx tsc --noEmit -p .`) fails when a `@ts-expect-error` line compiles, and vitest's
 * `expectTypeOf` states the types the document gives.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { CatalogGameId } from '../engine/games/on-demand.js';
import { dataOf, problemOf, typedClient, type Schemas } from '../scripts/support/typed-client.js';

const api = typedClient('http://127.0.0.1:9');
const params = { path: { id: 'g1' } };

/** Only compiled, never sent. */
export async function undeclared() {
  // @ts-expect-error a path the document does not have
  await api.GET('/v1/nothing');
  // @ts-expect-error a method the path does not have
  await api.DELETE('/v1/catalog');
  // @ts-expect-error a query parameter the operation does not declare
  await api.GET('/v1/games', { params: { query: { colour: 'red' } } });
  // @ts-expect-error a value outside the parameter's enum
  await api.GET('/v1/games', { params: { query: { status: 'done' } } });
  // @ts-expect-error the path parameter left out
  await api.GET('/v1/games/{id}');
  // @ts-expect-error a body property the schema does not declare
  await api.POST('/v1/games', { body: { game: 'streetcar', players: 2, seed: 'mine' } });
  // @ts-expect-error a required body property left out
  await api.POST('/v1/games/{id}/actions', { params, body: { action: { type: 'pass' } } });
}

const view = () => api.GET('/v1/games/{id}/view', { params }).then(dataOf);
const refused = () =>
  api
    .POST('/v1/games/{id}/actions', { params, body: { action: { type: 'pass' }, expectedVersion: 0 } })
    .then(problemOf);
/** What a call for a view gives (openapi-fetch's reading of `GameView`). */
type ViewData = Awaited<ReturnType<typeof view>>;

describe('the typed client', () => {
  it('a view is a union discriminated by `game` over the manifests’ ids: narrowed, its view and legal actions are the game’s own', () => {
    expectTypeOf<Schemas['GameView']['game']>().toEqualTypeOf<CatalogGameId>();
    expectTypeOf<ViewData['game']>().toEqualTypeOf<Schemas['GameView']['game']>();
    type Ttr = Extract<ViewData, { game: 'ticket-to-ride-europe' }>;
    expectTypeOf<Ttr['view']['market']>().toEqualTypeOf<Schemas['TtrView']['market']>();
    expectTypeOf<Extract<Ttr['legalActions'][number], { type: 'claim_route' }>>()
      .toHaveProperty('route')
      .toEqualTypeOf<number>();
    expectTypeOf<Extract<Ttr['legalActions'][number], { type: 'draw_face_up' }>>()
      .toHaveProperty('slot')
      .toEqualTypeOf<number>();
    expectTypeOf<Extract<ViewData, { game: 'streetcar' }>['view']>().not.toHaveProperty('market');
  });

  it('answers are typed by operation: dataOf gives the success body, problemOf the problem', () => {
    expectTypeOf<ViewData>().toHaveProperty('version').toEqualTypeOf<number>();
    // The codes postAction declares, one enum per status, not any string.
    expectTypeOf(refused).returns.resolves.toHaveProperty('code').toExtend<string>();
    expectTypeOf<'stale_version'>().toExtend<Awaited<ReturnType<typeof refused>>['code']>();
    expectTypeOf<'no_such_code'>().not.toExtend<Awaited<ReturnType<typeof refused>>['code']>();
    expectTypeOf(refused).returns.resolves.toHaveProperty('currentVersion').toEqualTypeOf<number | undefined>();
  });
});
