/**
 * Every answer of the API a test receives, checked against the committed OpenAPI document: a
 * fetch that checks (installed for the API suites by answer-checks.setup.ts), and `checkAnswer`
 * for the few tests that talk HTTP without fetch. Mismatches are kept until the running test
 * collects them, so a test that catches a failed request still fails on a wrong answer.
 */
import { withFixtureGames } from './fixture-answers.js';
import {
  committedDocument,
  createResponseValidator,
  type ResponseSample,
  type ResponseValidator,
} from './response-validator.js';

/** The API's paths; anything else a test fetches (the web client, the docs, fake push services) is not in the document. */
const API_PREFIX = '/v1/';

/** Some tests send paths of kilobytes. */
const MAX_SHOWN_PATH = 160;

let validator: ResponseValidator | undefined;

/** The validator of the committed document (with the fixture games), compiled on first use. */
export function documentValidator(): ResponseValidator {
  validator ??= createResponseValidator(withFixtureGames(committedDocument()));
  return validator;
}

const pending = { checked: 0, mismatches: [] as string[] };
let total = 0;

/** Checks one answer and keeps the verdict for `takeVerdicts`. */
export function checkAnswer(sample: ResponseSample): void {
  pending.checked++;
  total++;
  const path = sample.path.length > MAX_SHOWN_PATH ? `${sample.path.slice(0, MAX_SHOWN_PATH)}…` : sample.path;
  const request = `${sample.method.toUpperCase()} ${path} → ${sample.status}`;
  try {
    const { operation, errors } = documentValidator()(sample);
    if (errors.length > 0) pending.mismatches.push(`${operation}: ${request}\n    ${errors.join('\n    ')}`);
  } catch (err) {
    // Reported with the test, not thrown at the caller of fetch, which may expect failures.
    pending.mismatches.push(`${request}: could not be checked: ${(err as Error).message}`);
  }
}

/** How many answers were checked, and the mismatches found, since the last call. */
export function takeVerdicts(): { checked: number; mismatches: string[] } {
  const taken = { checked: pending.checked, mismatches: pending.mismatches };
  pending.checked = 0;
  pending.mismatches = [];
  return taken;
}

/** Answers checked since the module was loaded (one test file). */
export const answersChecked = () => total;

const requestOf = (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : null;
  return { url: new URL(request ? request.url : String(input)), method: init?.method ?? request?.method ?? 'GET' };
};

/** `inner`, checking the answer of every API request (CORS preflights are not operations). */
export function checkingFetch(inner: typeof fetch): typeof fetch {
  const checking = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await inner(input, init);
    const { url, method } = requestOf(input, init);
    if (!url.pathname.startsWith(API_PREFIX) || method.toUpperCase() === 'OPTIONS') return response;
    const contentType = response.headers.get('content-type');
    let body = '';
    // A stream may never end: its content type is all there is to check.
    if (!contentType?.startsWith('text/event-stream')) {
      try {
        body = await response.clone().text();
      } catch {
        // Cut off (the server went away): the caller meets the same failure reading it.
        return response;
      }
    }
    checkAnswer({
      method,
      path: url.pathname + url.search,
      status: response.status,
      contentType,
      headers: Object.fromEntries(response.headers),
      body,
    });
    return response;
  };
  return checking as typeof fetch;
}
