/**
 * The TypeScript types of the OpenAPI document, as openapi-typescript writes them: the same text a
 * third party gets from `npx openapi-typescript api-spec/openapi.json --default-non-nullable=false`,
 * so the committed api-spec/openapi.d.ts shows exactly what a generated client sees.
 */
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

/** The types of the document `documentText` (JSON). */
export async function openApiTypesText(documentText: string): Promise<string> {
  // A default does not make a property required: a request may leave it out (openapi-typescript's
  // own default, "always present", only holds for answers, which say so with `required`).
  const ast = await openapiTS(JSON.parse(documentText) as OpenAPI3, { defaultNonNullable: false });
  return COMMENT_HEADER + astToString(ast);
}
