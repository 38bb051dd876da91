/**
 * What the API's Lambda bundle loads in place of the two imports of `@hono/zod-openapi` that only
 * writing the document needs: `@asteasolutions/zod-to-openapi` (the generator and its registry)
 * and zod's whole namespace, which it extends and re-exports (infra/bundle.ts redirects both
 * here). A served app validates each request with `OpenAPIHono.openapi()`, which reads only the
 * route's request schemas; the document is served as committed (docs.ts), written by
 * openapi-document.ts with the real modules. With them the cold start loaded 371 KiB more.
 */

function documentOnly(): never {
  throw new Error('The API bundle does not write the OpenAPI document: `npm run spec` does (openapi-document.ts)');
}

/** Routes are registered on it, never read back. */
export class OpenAPIRegistry {
  readonly definitions: never[] = [];
  registerPath(): void {}
}

export class OpenApiGeneratorV3 {
  constructor() {
    documentOnly();
  }
}
export class OpenApiGeneratorV31 extends OpenApiGeneratorV3 {}
export const getOpenApiMetadata = documentOnly;

/** `.openapi()` stays the stand-in of openapi-zod.ts. */
export function extendZodWithOpenApi(): void {}

/** The API's modules take zod from openapi-zod.ts, never `@hono/zod-openapi`'s `z`. */
export const z = {};
