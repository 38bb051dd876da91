import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The smoke test against `npm start`, as an operator runs both: so the smoke cannot rot.
let server: ChildProcess;
let url: string;
let dataDir: string;

function run(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  // A process group of its own, so npm and the node it starts stop together.
  return spawn(command, args, {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function smoke(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = run('npm', ['run', '--silent', 'smoke', '--', ...args]);
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c));
  child.stderr!.on('data', (c: Buffer) => (err += c));
  return new Promise((ok) => child.on('close', (code) => ok({ code, out, err })));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'railpost-smoke-'));
  server = run('npm', ['start'], { PORT: '0', RAILPOST_DATA_DIR: dataDir, RAILPOST_LOCAL_DELIVERY: '1' });
  url = await new Promise<string>((ok, fail) => {
    let seen = '';
    server.stdout!.on('data', (c: Buffer) => {
      seen += c;
      const found = /railpost listening on (http:\/\/\S+)/.exec(seen)?.[1];
      if (found) ok(found);
    });
    server.on('exit', (code) => fail(new Error(`npm start exited with ${code}: ${seen}`)));
  });
}, 120_000);

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((ok) => server.on('exit', ok));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run smoke', () => {
  it('passes against npm start: two players, a game played to its end, its end on the event stream and as a signed webhook, then the webhook and both accounts removed', async () => {
    const { code, out, err } = await smoke(url);
    expect(err).not.toContain('FAILED');
    expect(code).toBe(0);
    for (const check of [
      'two players sign up',
      "the second player's event stream opens with a ticket",
      'the game is played to its end',
      "the end arrives on the second player's event stream",
      'the end arrives as a signed webhook',
      'the webhook is removed',
      'both accounts are deleted',
    ])
      expect(out).toContain(`ok   ${check}`);
    expect(out).toContain(`smoke passed against ${url}`);
  }, 120_000);

  it('exits non-zero with the failed check when the API does not answer', async () => {
    const { code, err } = await smoke('http://127.0.0.1:9', '--no-webhook');
    expect(code).toBe(1);
    expect(err).toMatch(
      /^smoke FAILED: the catalog offers the smoke game: GET \/v1\/catalog: no answer from http:\/\/127\.0\.0\.1:9/m,
    );
  }, 60_000);

  it('exits non-zero when the webhook never reaches the receiver, and still removes the webhook', async () => {
    // Port 9 (discard) has no listener here: the deployment's deliveries go nowhere.
    const { code, out, err } = await smoke(url, '--webhook-url', 'http://127.0.0.1:9/', '--webhook-timeout', '2');
    expect(code).toBe(1);
    expect(err).toContain(
      'smoke FAILED: the end arrives as a signed webhook: no signed gameFinished delivery within 2 s',
    );
    expect(out).toContain('ok   the webhook is removed');
    expect(out).toContain('ok   both accounts are deleted');
  }, 120_000);

  it('refuses to start without an API URL', async () => {
    const { code, err } = await smoke();
    expect(code).toBe(2);
    expect(err).toContain('usage: npm run smoke -- <ApiUrl>');
  }, 60_000);
});
