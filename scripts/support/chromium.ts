import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from './chromium-install.js';

/**
 * The Chromium at CHROMIUM_PATH (provideChromium in chromium-install.ts puts it there first), headless,
 * with nothing that calls out to the network (this machine's network is closed).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What a fresh page is like: its size (a phone by default), the browser's language, the player signed in. */
export interface PageOptions {
  width?: number;
  height?: number;
  /** The browser's language (navigator.languages), e.g. 'cs-CZ'. */
  locale?: string;
  /** The player's token, in the client's storage before its first script runs on every load: one navigation opens any page signed in. */
  token?: string;
}

/** A fresh page of its own context that records script errors and CSP violations. */
export async function watchedPage(
  browser: Browser,
  { width = 375, height = 812, locale, token }: PageOptions = {},
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    ...(locale ? { locale } : {}),
  });
  if (token) await signedInAs(context, token);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return { page, problems };
}

/** Puts `token` where the web client keeps it before the client starts, on every page the context loads. */
export async function signedInAs(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((t) => localStorage.setItem('railpost.token', t), token);
}

/** Signs up on the welcome page of the web client at `baseUrl` and waits for "My games". */
export async function signUp(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.fill('input[name=name]', name);
  await page.click('button:has-text("Start playing")');
  await page.waitForSelector('h1:has-text("My games")');
}
