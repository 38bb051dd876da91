/**
 * zod with `.openapi()`: the API's schemas take it as `import * as z from './openapi-zod.js'`,
 * not as `@hono/zod-openapi`'s `z`, which is zod's namespace object passed around as a value.
 * Through such an object esbuild cannot tell which schema types are used and bundles all of zod;
 * through a namespace import, `z.object` and the rest are member accesses it can shake. Importing
 * `@hono/zod-openapi` first is what puts `.openapi()` on every schema, so a module taking zod from
 * here can call it at load.
 */
import '@hono/zod-openapi';
export * from 'zod';
