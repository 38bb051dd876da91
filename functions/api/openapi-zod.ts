/**
 * zod for the API's schemas, which carry OpenAPI metadata through `.openapi()`: the API's modules
 * take it as `import * as z from './openapi-zod.js'`.
 *
 * The metadata is read only when the document is generated (openapi-document.ts), in a process
 * that imports `@hono/zod-openapi` first, which puts the real `.openapi()` on every schema. The
 * API's Lambda bundle never loads the generator (served-openapi.ts takes its place): there
 * `.openapi()` returns its schema unchanged, so a cold start neither bundles zod-to-openapi nor
 * builds a copy of each described schema. openapi-document.ts refuses to write a document while
 * this stand-in is in place.
 *
 * A namespace import (not `@hono/zod-openapi`'s `z`, zod's namespace passed around as a value) lets
 * esbuild keep only the schema types used.
 */
import type {} from '@hono/zod-openapi';
import { ZodType } from 'zod';

export * from 'zod';

/** The stand-in `.openapi()` of a serving process: the metadata is not needed there. */
export function describedLater<T>(this: T): T {
  return this;
}

// Assigned, not defined: zod copies the prototype's enumerable methods onto each schema it builds.
const prototype = ZodType.prototype as { openapi?: unknown };
prototype.openapi ??= describedLater;

/** Whether this process can write the document: `@hono/zod-openapi` came first, so the metadata is recorded. */
export const documenting = (): boolean => prototype.openapi !== describedLater;
