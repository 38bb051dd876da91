/**
 * Finding, and where allowed installing, the Chromium that the browser tests and the web bench
 * drive: Debian's package, because Playwright's own browser download cannot reach its host from
 * these machines. The test run does this once, before any worker starts (test/support/chromium.setup.ts):
 * two workers installing at once would race for apt's lock.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where the Chromium is; CHROMIUM_PATH overrides Debian's place. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What deciding needs to know about a machine, and the one thing it may do to it. */
export interface ChromiumHost {
  readonly path: string;
  exists(path: string): boolean;
  /** Root on a Debian machine: may install Debian's chromium package. */
  readonly mayInstall: boolean;
  /** Installs Debian's chromium package; throws when apt-get fails. */
  install(): void;
}

const HOW = "install Debian's package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable";

/**
 * Null when Chromium is at `host.path`, after installing it if it was missing and the host may;
 * otherwise one sentence saying what is missing and what to install or set.
 */
export function provideChromium(host: ChromiumHost): string | null {
  if (host.exists(host.path)) return null;
  if (!host.mayInstall) return `The browser tests need Chromium at ${host.path}: ${HOW}.`;
  try {
    host.install();
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return `The browser tests need Chromium at ${host.path}, and installing Debian's chromium failed (${why}): ${HOW}.`;
  }
  if (host.exists(host.path)) return null;
  return `The browser tests need Chromium at ${host.path}, which Debian's chromium package did not put there: ${HOW}.`;
}

/** This machine: root with apt-get on Debian may install. */
export function thisMachine(path = CHROMIUM_PATH): ChromiumHost {
  return {
    path,
    exists: existsSync,
    mayInstall: process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get'),
    install() {
      console.log('browser tests: installing Debian chromium (apt-get install chromium)…');
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env,
      });
    },
  };
}
