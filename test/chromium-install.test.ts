/**
 * The decision the test run's global setup makes about Chromium (test/support/chromium.setup.ts),
 * on fake machines: this machine's Chromium is neither removed nor installed here.
 */
import { describe, expect, it } from 'vitest';
import { provideChromium, type ChromiumHost } from '../scripts/support/chromium-install.js';

/** A machine whose files are `present`; `install` adds what the package puts in place, or throws `fails`. */
function host(opts: { present?: boolean; mayInstall?: boolean; installs?: string; fails?: string; path?: string }) {
  const files = new Set(opts.present ? [opts.path ?? '/usr/bin/chromium'] : []);
  const installs: string[] = [];
  const machine: ChromiumHost = {
    path: opts.path ?? '/usr/bin/chromium',
    exists: (p) => files.has(p),
    mayInstall: opts.mayInstall ?? false,
    install() {
      installs.push('chromium');
      if (opts.fails) throw new Error(`${opts.fails}\nE: more apt-get output`);
      files.add(opts.installs ?? '/usr/bin/chromium');
    },
  };
  return { machine, installs };
}

describe('Chromium for the browser suites, found or installed once before the workers start', () => {
  it('a Chromium already in place is used as it is: nothing installed, nothing to report', () => {
    const { machine, installs } = host({ present: true, mayInstall: true });
    expect(provideChromium(machine)).toBeNull();
    expect(installs).toEqual([]);
  });

  it('missing, on a machine that may install (root on Debian): installed once, then nothing to report', () => {
    const { machine, installs } = host({ mayInstall: true });
    expect(provideChromium(machine)).toBeNull();
    expect(installs).toEqual(['chromium']);
  });

  it('missing where nothing may be installed: one message naming the path, the package and CHROMIUM_PATH; no install tried', () => {
    const { machine, installs } = host({ path: '/opt/chrome/chrome' });
    expect(provideChromium(machine)).toBe(
      "The browser tests need Chromium at /opt/chrome/chrome: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable.",
    );
    expect(installs).toEqual([]);
  });

  it('missing, and the installer fails: one message with the first line of the failure and what to install or set instead', () => {
    const { machine, installs } = host({ mayInstall: true, fails: 'Command failed: apt-get update -qq' });
    expect(provideChromium(machine)).toBe(
      "The browser tests need Chromium at /usr/bin/chromium, and installing Debian's chromium failed (Command failed: apt-get update -qq): install Debian's package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable.",
    );
    expect(installs).toEqual(['chromium']);
  });

  it('CHROMIUM_PATH names a place the package does not fill: installing does not help, and the message says so', () => {
    const { machine } = host({ mayInstall: true, path: '/opt/chrome/chrome' });
    expect(provideChromium(machine)).toMatch(
      /^The browser tests need Chromium at \/opt\/chrome\/chrome, which Debian's chromium package did not put there: .*CHROMIUM_PATH/,
    );
  });
});
