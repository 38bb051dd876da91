/**
 * Checks an answer of the API against the committed OpenAPI document (api-spec/openapi.json):
 * the operation must declare the status, the content type must be one it declares, a JSON body
 * must match the declared schema (JSON Schema 2020-12), where closed objects
 * (`additionalProperties: false`) make unknown properties errors and a problem's `code` must be
 * one the status declares, and every declared header must be there when required and match its
 * schema when there. Also checks a webhook delivery against the document's `webhooks`.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

interface MediaType {
  schema?: unknown;
}
interface HeaderObject {
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, HeaderObject>;
}
interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface Operation {
  operationId?: string;
  /** The problem codes the operation answers with, by status (its answers are shared: components/responses). */
  'x-problem-codes'?: Record<string, string[]>;
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, ResponseObject | { $ref: string }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | unknown>>;
  webhooks?: Record<string, Record<string, Operation | unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

/** One answer as a client received it. */
export interface ResponseSample {
  method: string;
  /** Path and query, as requested (`/v1/games/abc/view?version=2`). */
  path: string;
  status: number;
  /** The Content-Type header, if any. */
  contentType: string | null;
  /** Every header of the answer, by lower-case name. */
  headers: Record<string, string>;
  body: string;
}

/** A webhook delivery as a receiver got it. */
export interface DeliverySample {
  /** By lower-case name. */
  headers: Record<string, string>;
  body: string;
}

export interface Verdict {
  /** `getView (GET /v1/games/{id}/view)`, or the request itself when the document has no such operation. */
  operation: string;
  /** Empty when the answer is what the document declares. */
  errors: string[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const DOCUMENT_ID = 'https://railpost.dev/openapi.json';

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
const pointerPart = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const mediaTypeOf = (contentType: string | null) => contentType?.split(';')[0]!.trim().toLowerCase() ?? null;

/** A path template as a regular expression over the request path (parameters never span a `/`). */
function templatePattern(template: string): RegExp {
  const parts = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('')}$`);
}

/** Where ajv cannot read the document as it is (see the callers); the document itself is not changed. */
function forAjv(doc: OpenApiDocument): OpenApiDocument {
  return JSON.parse(JSON.stringify(doc), (key, value: unknown) => {
    // ajv selects the oneOf branch by the tag's `enum`/`const`; it refuses OpenAPI's `mapping`, which says the same.
    if (key === 'discriminator' && value && typeof value === 'object') {
      const { mapping: _mapping, ...rest } = value as Record<string, unknown>;
      return rest;
    }
    return value;
  }) as OpenApiDocument;
}

const valueAt = (document: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    );

/** Where a schema given by a chain of bare `$ref`s really is (ajv reports its errors from there). */
function locationOf(document: unknown, pointer: string): string {
  const schema = valueAt(document, pointer) as { $ref?: unknown } | undefined;
  const ref = schema?.$ref;
  return typeof ref === 'string' && ref.startsWith('#/') && Object.keys(schema!).length === 1
    ? locationOf(document, ref.slice(1))
    : pointer;
}

/** Each schema object of the document by its pointer, to name the schema an error came from. */
function schemaPointers(document: unknown): WeakMap<object, string> {
  const pointers = new WeakMap<object, string>();
  const visit = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object' || pointers.has(node)) return;
    pointers.set(node, pointer);
    for (const [key, value] of Object.entries(node)) visit(value, `${pointer}/${pointerPart(key)}`);
  };
  visit(document, '');
  return pointers;
}

/**
 * The schema path of an error, absolute. ajv writes an inlined `$ref`'s paths from the reference, but a
 * schema it compiles apart (one with `$ref`s of its own, e.g. `CatalogEntry` as the catalog's `items`)
 * reports paths relative to itself: rebuilt here from the schema the error is about (`parentSchema`).
 */
function schemaPathOf(e: ErrorObject, root: string, pointers: WeakMap<object, string>): string {
  if (/^#\/(components|paths|webhooks)\//.test(e.schemaPath)) return e.schemaPath;
  const parent = e.parentSchema && typeof e.parentSchema === 'object' ? pointers.get(e.parentSchema) : undefined;
  const keyword = `/${pointerPart(e.keyword)}`;
  if (parent !== undefined && e.schemaPath.endsWith(keyword)) return `#${parent}${keyword}`;
  return `#${root}${e.schemaPath.slice(1)}`;
}

/** One error, with the schema path made absolute. */
function describeError(e: ErrorObject, root: string, pointers: WeakMap<object, string>): string {
  const at = e.instancePath || '(body)';
  const schemaPath = schemaPathOf(e, root, pointers);
  if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
    const params = e.params as { additionalProperty?: string; unevaluatedProperty?: string };
    return `${at}: unknown property "${params.additionalProperty ?? params.unevaluatedProperty}" (schema ${schemaPath})`;
  }
  return `${at}: ${e.message ?? e.keyword} (schema ${schemaPath})`;
}

export type ResponseValidator = (sample: ResponseSample) => Verdict;
export type WebhookValidator = (sample: DeliverySample) => Verdict;

const pointerOf = (...parts: string[]) => ['', ...parts].map(pointerPart).join('/');

/** A header's text as the value its schema describes (headers carry numbers as digits). */
function headerValue(text: string, schema: Record<string, unknown> | undefined): unknown {
  const numeric = schema?.type === 'integer' || schema?.type === 'number';
  return numeric && /^-?[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : text;
}

/** The document's schemas compiled by ajv, each once, and the checks made with them. */
function documentChecks(document: OpenApiDocument) {
  // Strict about the schemas' own wording except two habits of the generator: no `type: object`
  // beside a `discriminator` (its oneOf branches say it) and tuples as bare `prefixItems`.
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictTuples: false,
    allErrors: true,
    discriminator: true,
    // Each error names its schema object (`parentSchema`): schemaPathOf needs it.
    verbose: true,
  });
  (addFormatsPlugin as unknown as (a: Ajv2020) => void)(ajv);
  // OpenAPI's annotation keywords, and the document's own fields (ajv reads the document as the
  // root schema its `$ref`s point into); none constrains anything.
  for (const keyword of ['example', ...Object.keys(document)]) ajv.addKeyword({ keyword });
  const readable = forAjv(document);
  const pointers = schemaPointers(readable);
  ajv.addSchema(readable as object, DOCUMENT_ID);

  // By where the schema really is: most answers are the one Problem.
  const compiled = new Map<string, ValidateFunction>();
  const schemaAt = (pointer: string): ValidateFunction => {
    const location = locationOf(document, pointer);
    let validate = compiled.get(location);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${location}` });
      compiled.set(location, validate);
    }
    return validate;
  };

  const checkJson = (pointer: string, body: string): string[] => {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [`the body is not JSON: ${JSON.stringify(body.slice(0, 80))}`];
    }
    const validate = schemaAt(pointer);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => describeError(e, locationOf(document, pointer), pointers));
  };

  /** Declared headers, by name, with the pointer of their schema: required ones must be there, and any there must match. */
  const checkHeaders = (
    declared: { name: string; required: boolean; schema?: Record<string, unknown>; pointer: string }[],
    headers: Record<string, string>,
  ): string[] =>
    declared.flatMap(({ name, required, schema, pointer }) => {
      const text = headers[name.toLowerCase()];
      if (text === undefined) return required ? [`header ${name} is required but absent`] : [];
      if (!schema) return [];
      const validate = schemaAt(pointer);
      return validate(headerValue(text, schema))
        ? []
        : (validate.errors ?? []).map((e) => `header ${name}: ${JSON.stringify(text)} ${e.message ?? e.keyword}`);
    });

  return { schemaAt, checkJson, checkHeaders };
}

/** An operation's answer of a status, with the pointer where it is written (a shared one is referred to by `$ref`). */
function answerOf(document: OpenApiDocument, template: string, method: string, status: string) {
  const declared = (document.paths[template]![method] as Operation).responses[status]!;
  const pointer =
    '$ref' in declared ? declared.$ref.slice(1) : pointerOf('paths', template, method, 'responses', status);
  return { pointer, response: valueAt(document, pointer) as ResponseObject };
}

/** A problem's `code` must be one its operation names for the status, not only one the shared answer lists. */
function codeErrors(op: Operation, status: string, body: string): string[] {
  const codes = op['x-problem-codes']?.[status];
  if (!codes) return [];
  const code = (JSON.parse(body) as { code?: unknown }).code;
  return typeof code === 'string' && codes.includes(code)
    ? []
    : [`status ${status}: code ${JSON.stringify(code)} is not one the operation declares (${codes.join(', ')})`];
}

export function createResponseValidator(document: OpenApiDocument): ResponseValidator {
  const { schemaAt, checkJson, checkHeaders } = documentChecks(document);
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: templatePattern(template),
      parameters: (template.match(/\{/g) ?? []).length,
    }))
    // A literal segment wins over a parameter (`/v1/players/me` before `/v1/players/{id}`).
    .sort((a, b) => a.parameters - b.parameters);
  const problemPointer = '/components/schemas/Problem';
  const answers = Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .flatMap(([method, op]) =>
        Object.keys((op as Operation).responses).map((status) => answerOf(document, template, method, status)),
      ),
  );
  const pointers = answers.flatMap(({ pointer, response }) => [
    ...Object.keys(response.content ?? {})
      .filter(isJson)
      .map((mediaType) => `${pointer}${pointerOf('content', mediaType, 'schema')}`),
    ...Object.entries(response.headers ?? {})
      .filter(([, h]) => h.schema)
      .map(([name]) => `${pointer}${pointerOf('headers', name, 'schema')}`),
  ]);
  // Compiled now, not between a request and the next: a long pause there lets the server drop
  // a keep-alive connection just as the client reuses it. It also reports a schema ajv refuses at once.
  for (const pointer of [problemPointer, ...pointers]) schemaAt(pointer);

  return (sample) => {
    const method = sample.method.toLowerCase();
    const path = sample.path.split(/[?#]/)[0]!;
    const mediaType = mediaTypeOf(sample.contentType);
    const found = templates.find(
      (t) => t.pattern.test(path) && METHODS.has(method) && document.paths[t.template]?.[method],
    );
    if (!found) {
      // No such operation: the app's catch-all answers, which the document promises are problem+json.
      const operation = `${sample.method.toUpperCase()} ${path} (not in the document)`;
      if (mediaType !== 'application/problem+json')
        return {
          operation,
          errors: [`status ${sample.status} answered ${mediaType ?? 'no content type'}, not application/problem+json`],
        };
      // A HEAD answer carries the headers of the problem, never its body (RFC 9110).
      return { operation, errors: method === 'head' ? [] : checkJson(problemPointer, sample.body) };
    }
    const op = document.paths[found.template]![method] as Operation;
    const operation = `${op.operationId ?? '?'} (${sample.method.toUpperCase()} ${found.template})`;
    const statusKey = [String(sample.status), `${String(sample.status)[0]}XX`, 'default'].find((k) => op.responses[k]);
    if (!statusKey)
      return {
        operation,
        errors: [`status ${sample.status} is not declared (declared: ${Object.keys(op.responses).join(', ')})`],
      };
    const { pointer: answerPointer, response } = answerOf(document, found.template, method, statusKey);
    const declaredHeaders = Object.entries(response.headers ?? {}).map(([name, h]) => ({
      name,
      required: h.required === true,
      ...(h.schema ? { schema: h.schema } : {}),
      pointer: `${answerPointer}${pointerOf('headers', name, 'schema')}`,
    }));
    const headerErrors = checkHeaders(declaredHeaders, sample.headers).map((e) => `status ${sample.status}: ${e}`);
    const content = response.content;
    if (!content)
      return {
        operation,
        errors: [
          ...headerErrors,
          ...(sample.body === ''
            ? []
            : [`status ${sample.status} declares no body, but one came (${mediaType ?? 'no content type'})`]),
        ],
      };
    if (!mediaType || !content[mediaType]) {
      return {
        operation,
        errors: [
          ...headerErrors,
          `status ${sample.status} answered ${mediaType ?? 'no content type'}; declared: ${Object.keys(content).join(', ')}`,
        ],
      };
    }
    if (!isJson(mediaType) || content[mediaType]!.schema === undefined) return { operation, errors: headerErrors };
    const pointer = `${answerPointer}${pointerOf('content', mediaType, 'schema')}`;
    const bodyErrors = checkJson(pointer, sample.body).map((e) => `status ${sample.status} ${mediaType}: ${e}`);
    return {
      operation,
      errors: [...headerErrors, ...(bodyErrors.length > 0 ? bodyErrors : codeErrors(op, statusKey, sample.body))],
    };
  };
}

/**
 * Checks a delivery against the document's `webhooks`: the entry named by the payload's `type`,
 * its header parameters (required ones there, all matching) and its JSON body, strictly.
 */
export function createWebhookValidator(document: OpenApiDocument): WebhookValidator {
  const { checkJson, checkHeaders } = documentChecks(document);
  return (sample) => {
    let type: unknown;
    try {
      type = (JSON.parse(sample.body) as { type?: unknown }).type;
    } catch {
      return { operation: 'webhook (no type)', errors: ['the body is not JSON'] };
    }
    const op = typeof type === 'string' ? (document.webhooks?.[type]?.post as Operation | undefined) : undefined;
    if (!op)
      return {
        operation: `webhook ${String(type)}`,
        errors: [
          `the document has no webhook ${JSON.stringify(type)} (declared: ${Object.keys(document.webhooks ?? {}).join(', ')})`,
        ],
      };
    const operation = `${op.operationId ?? '?'} (webhook ${String(type)})`;
    const headers = (op.parameters ?? []).flatMap((p, i) =>
      p.in === 'header'
        ? [
            {
              name: p.name,
              required: p.required === true,
              ...(p.schema ? { schema: p.schema } : {}),
              pointer: pointerOf('webhooks', String(type), 'post', 'parameters', String(i), 'schema'),
            },
          ]
        : [],
    );
    const body = op.requestBody?.content?.['application/json'];
    const bodyErrors = body?.schema
      ? checkJson(
          pointerOf('webhooks', String(type), 'post', 'requestBody', 'content', 'application/json', 'schema'),
          sample.body,
        )
      : ['the webhook declares no JSON body'];
    return { operation, errors: [...checkHeaders(headers, sample.headers), ...bodyErrors] };
  };
}

/** Checks a request's JSON body against what the operation declares (its `requestBody`), strictly. */
export function createRequestValidator(
  document: OpenApiDocument,
): (template: string, method: string, body: unknown) => string[] {
  const { checkJson } = documentChecks(document);
  return (template, method, body) =>
    checkJson(
      pointerOf('paths', template, method, 'requestBody', 'content', 'application/json', 'schema'),
      JSON.stringify(body),
    );
}

/** The document as committed (what `npm run spec` wrote). */
export function committedDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(new URL('../../api-spec/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
}
