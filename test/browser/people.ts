/** A person in a browser suite: a page of their own, signed up, with their API client and player id. */
import type { Page } from 'playwright-core';
import { signUp } from '../../scripts/support/chromium.js';
import { dataOf, type Api } from '../support/client.js';
import type { BrowserSuite } from '../support/browser-suite.js';
import { pageToken } from './table.js';

export interface Person {
  page: Page;
  problems: string[];
  api: Api;
  id: string;
}

/** `name`, signed up in a fresh page of `suite` (a phone by default). */
export async function person(suite: BrowserSuite, name: string, width = 375, height = 812): Promise<Person> {
  const { page, problems } = await suite.open(width, height);
  await signUp(page, suite.server.url, name);
  const as = suite.api.as(await pageToken(page));
  return { page, problems, api: as, id: dataOf(await as.GET('/v1/players/me')).id };
}
