import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium drives the browser tests (Playwright's own browser download cannot reach its
 * host from these machines). CHROMIUM_PATH overrides where it is.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs Debian's chromium when it is missing and this is a Debian machine run as root (as CI is). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`The browser tests need Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  console.log('browser tests: installing Debian chromium (apt-get install chromium)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Headless, with nothing that calls out to the network (this machine's network is closed). */
export function launchChromium(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
