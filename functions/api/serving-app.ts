/**
 * The app that serves the routes: Hono with an `openapi(route, handler, hook)` that validates a
 * request as `@hono/zod-openapi` does, without it. Serving needs only a route's method, path and
 * request schemas; the rest of `@hono/zod-openapi` and `@asteasolutions/zod-to-openapi` (34 KiB,
 * and a copy of every schema that carries `.openapi()` metadata) is for writing the document,
 * which the API serves as committed. openapi-document.ts registers the same routes
 * on an `OpenAPIHono` to generate it, so both read one route table.
 */
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { zValidator } from '@hono/zod-validator';
import { Hono, type Context, type Env, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';

/** What registering routes needs of an app, met both by the serving app and by `OpenAPIHono`. */
export type RouteApp<E extends Env> = Pick<OpenAPIHono<E>, 'openapi'>;

/** The validation hook: runs after each target is parsed (zValidator's, as `@hono/zod-openapi` passes it). */
type Hook = Parameters<typeof zValidator>[2];

type Target = 'json' | 'form';
const JSON_TYPE = /^application\/([a-z-.]+\+)?json/i;
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i;
/** A sent Content-Type that a declared media type accepts (parameters such as charset allowed). */
const SENT_JSON = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const SENT_FORM = /^(multipart\/form-data(;\s?boundary=[a-zA-Z0-9'"()+_,\-./:=?]+)?|application\/x-www-form-urlencoded(;\s*[a-zA-Z0-9-]+=([^;]+))*)$/i;

function targetOf(mediaType: string): Target {
  if (JSON_TYPE.test(mediaType)) return 'json';
  if (FORM_TYPES.test(mediaType)) return 'form';
  // Registered at load: a route declaring a body it would not validate fails every start, not a request.
  throw new Error(`request bodies of type ${mediaType} are not validated by the serving app`);
}

const accepts = (target: Target, contentType: string) => (target === 'json' ? SENT_JSON : SENT_FORM).test(contentType);

/** Whether a request without a Content-Type still carries bytes (then it is not the declared type). */
async function hasBody(c: Context): Promise<boolean> {
  if (c.req.raw.body === null) return false;
  // Read through Hono's cache of the body, which the handler's own read then reuses.
  return (await c.req.arrayBuffer()).byteLength > 0;
}

/** The validators of a route's request, in the order `@hono/zod-openapi` runs them. */
function validatorsOf(route: RouteConfig, hook: Hook): MiddlewareHandler[] {
  const request = route.request ?? {};
  const validators: MiddlewareHandler[] = [];
  if (request.query) validators.push(zValidator('query', request.query, hook));
  if (request.params) validators.push(zValidator('param', request.params, hook));
  if (request.headers) validators.push(zValidator('header', request.headers as never, hook));
  const content = request.body?.content ?? {};
  const bodies = Object.entries(content).map(([mediaType, media]) => ({ target: targetOf(mediaType), schema: (media as { schema?: unknown } | undefined)?.schema }));
  if (bodies.length === 0) return validators;
  // A body in a type the route does not declare is 415 (problem-response.ts: unsupported_media_type).
  validators.push(async (c, next) => {
    const contentType = c.req.header('content-type');
    if (contentType ? !bodies.some((b) => accepts(b.target, contentType)) : await hasBody(c)) throw new HTTPException(415, { message: 'Unsupported Media Type' });
    await next();
  });
  for (const { target, schema } of bodies) {
    if (!schema) throw new Error(`${route.method} ${route.path} declares a body without a schema`);
    const validate = zValidator(target, schema as never, hook);
    if (request.body?.required) {
      validators.push(validate);
      continue;
    }
    // An optional body that is absent is `{}`, as the handler's type says.
    validators.push(async (c, next) => {
      const contentType = c.req.header('content-type');
      if (contentType && (target === 'json' ? JSON_TYPE : FORM_TYPES).test(contentType)) return validate(c, next);
      c.req.addValidatedData(target, {});
      await next();
    });
  }
  return validators;
}

/** Hono serving routes declared as OpenAPI routes (functions/api/answers.ts), with `hook` deciding what invalid input gets. */
export function servingApp<E extends Env>(defaultHook: Hook): Hono<E> & RouteApp<E> {
  const app = new Hono<E>();
  const openapi = (route: RouteConfig, handler: MiddlewareHandler, hook?: Hook) => {
    const middleware = route.middleware === undefined ? [] : [route.middleware].flat();
    app.on([route.method], [route.path.replaceAll(/\/{(.+?)}/g, '/:$1')], ...middleware, ...validatorsOf(route, hook ?? defaultHook), handler);
    return served;
  };
  const served = Object.assign(app, { openapi: openapi as unknown as RouteApp<E>['openapi'] });
  return served;
}
