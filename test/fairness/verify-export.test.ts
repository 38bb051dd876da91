/**
 * Shuffles anyone can verify (docs/fairness.md): a whole game of every catalog game, fetched as its
 * export through the API, passes the verifier; an export changed in any one place does not.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../engine/core/index.js';
import { catalog } from '../../engine/games/index.js';
import { describeVerdict, verifyExport, type GameExport } from '../../scripts/support/verify-export.js';
import { dataOf, textOf } from '../support/client.js';
import { useTestServer } from '../support/local.js';

const suite = useTestServer();
const games: Record<string, AnyGame> = Object.fromEntries(Object.entries(catalog).map(([id, e]) => [id, e.game]));

/** Options that draw on the RNG where a game can (a random first seat) or turn on a variant's piles. */
const cases: [string, Record<string, unknown>][] = [
  ['ticket-to-ride-europe', { firstPlayer: 'random' }],
  ['ticket-to-ride-germany', { firstPlayer: 'random' }],
  ['streetcar', { exchangePass: true, centralSupply: true }],
  ['trains-and-stations', { conductor: 'random' }],
  ['vlaky-na-trati', { startingPlayer: 0 }],
];

/**
 * Three seats, two easy bots; the person resigns at once (Vlaky na trati first makes a move and takes
 * it back), so the stand-in bot plays the seat and the whole game passes in a few requests.
 */
async function finishedExport(game: string, options: Record<string, unknown>): Promise<GameExport> {
  const anna = await suite.api.newPlayer('Anna');
  const created = await anna.POST('/v1/games', {
    body: { game, players: 3, bots: ['easy', 'easy'], standInLevel: 'easy', options },
  });
  expect(created.response.status, textOf(created)).toBe(201);
  const params = { path: { id: dataOf(created).id } };
  if (game === 'vlaky-na-trati') {
    const view = dataOf(await anna.GET('/v1/games/{id}/view', { params }));
    const moved = await anna.POST('/v1/games/{id}/actions', {
      params,
      body: { action: view.legalActions[0]!, expectedVersion: view.version },
    });
    expect(moved.response.status, textOf(moved)).toBe(200);
    const now = dataOf(await anna.GET('/v1/games/{id}', { params }));
    expect(now.canTakeBack).toBe(true);
    const asked = await anna.POST('/v1/games/{id}/takeback', { params, body: { expectedVersion: now.version } });
    expect(asked.response.status, textOf(asked)).toBe(200);
  }
  const resigned = await anna.POST('/v1/games/{id}/resign', { params });
  expect(resigned.response.status, textOf(resigned)).toBe(200);
  expect(dataOf(await anna.GET('/v1/games/{id}', { params })).status).toBe('finished');
  return dataOf(await anna.GET('/v1/games/{id}/export', { params })) as GameExport;
}

const exports = new Map<string, GameExport>();

describe.each(cases)('%s', (game, options) => {
  it('a whole game exported through the API verifies: every action legal, every recorded event (draws, shuffles, rolls) replayed, the outcome', async () => {
    const exported = await finishedExport(game, options);
    exports.set(game, exported);
    expect(exported.rulesRevision).toBe(games[game]!.rulesRevision);
    const verdict = verifyExport(exported, games);
    expect(verdict.ok, describeVerdict(verdict)).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.replayed.applied).toBeGreaterThan(20);
    // Vlaky na trati shuffles at setup only; its market refills come off the shuffled deck B.
    if (game === 'vlaky-na-trati') expect(verdict.replayed.randomSteps).toBe(0);
    else expect(verdict.replayed.randomSteps).toBeGreaterThan(0);
    expect(verdict.replayed.forfeits).toBe(1);
    expect(verdict.replayed.takeBacks).toBe(game === 'vlaky-na-trati' ? 1 : 0);
    expect(describeVerdict(verdict)).toMatch(/VERIFIED$/);
  }, 60_000);
});

/** A copy of `ex` changed by `change`. */
function tampered(ex: GameExport, change: (copy: GameExport) => void): GameExport {
  const copy = structuredClone(ex);
  change(copy);
  return copy;
}

/** The version and the event of the first recorded event whose data names a card. */
function firstCardEvent(ex: GameExport): { version: number; data: Record<string, unknown> } {
  for (const [i, entry] of ex.actions.entries())
    for (const e of entry.events)
      if (e.data && typeof e.data.card === 'string') return { version: i + 1, data: e.data };
  throw new Error('no event names a card');
}

describe('a changed export is refused at its first discrepancy', () => {
  const europe = () => exports.get('ticket-to-ride-europe')!;
  const refusal = (ex: GameExport) => {
    const verdict = verifyExport(ex, games);
    if (verdict.ok) throw new Error('the changed export verified');
    return verdict.discrepancy;
  };

  it('another seed: its commitment no longer matches', () => {
    const d = refusal(tampered(europe(), (x) => (x.seed = x.seed.replace(/^./, (c) => (c === '0' ? '1' : '0')))));
    expect(d).toMatchObject({ version: null, what: expect.stringContaining('commitment') });
  });

  it('another seed with its commitment recomputed: the shuffles differ, so the first dealt cards do', () => {
    const d = refusal(
      tampered(europe(), (x) => {
        x.seed = 'f'.repeat(64);
        x.seedCommitment = createHash('sha256').update(x.seed).digest('hex');
      }),
    );
    expect(d.version).not.toBeNull();
    expect(d.what).toMatch(/event|illegal|not due/);
  });

  it('one card changed in one recorded event', () => {
    const { version } = firstCardEvent(europe());
    const d = refusal(
      tampered(europe(), (x) => {
        const { data } = firstCardEvent(x);
        data.card = data.card === 'loco' ? 'red' : 'loco';
      }),
    );
    expect(d.version).toBe(version);
    expect(d.what).toMatch(/event \d+ of \w+ differs/);
  });

  it('one action changed for another legal one', () => {
    const ex = europe();
    const game = games[ex.game]!;
    let state = game.setup({ seed: ex.seed, players: ex.players.length, options: game.options.parse(ex.options) });
    for (const [i, entry] of ex.actions.entries()) {
      if (entry.forfeit || entry.platform) continue;
      const other = game
        .legalActions(state, entry.seat)
        .find((a) => JSON.stringify(a) !== JSON.stringify(entry.action) && a.type !== entry.action.type);
      if (other) {
        const d = refusal(tampered(ex, (x) => (x.actions[i]!.action = other)));
        expect(d.version).toBe(i + 1);
        return;
      }
      state = game.apply(state, entry.seat, entry.action).state;
    }
    throw new Error('no action had another legal one beside it');
  });

  it('another outcome', () => {
    const d = refusal(tampered(europe(), (x) => x.outcome!.scores.reverse()));
    expect(d).toMatchObject({ version: europe().actions.length, what: expect.stringContaining('outcome') });
  });
});

describe('the command line', () => {
  const cli = promisify(execFile);
  const run = async (ex: GameExport) => {
    const file = join(mkdtempSync(join(tmpdir(), 'railpost-verify-')), 'game.json');
    writeFileSync(file, JSON.stringify(ex));
    return cli(process.execPath, ['--import', 'tsx', 'scripts/verify-export.ts', file]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
    );
  };

  it('exits 0 with its summary for a true export, 1 with the discrepancy for a changed one', async () => {
    const ex = exports.get('streetcar')!;
    const good = await run(ex);
    expect(good.code, good.stdout).toBe(0);
    expect(good.stdout).toMatch(/^game: Streetcar.*\n[\s\S]*VERIFIED\n$/);
    const bad = await run(tampered(ex, (x) => (x.seed = `${x.seed}0`)));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^NOT VERIFIED before the first action: the seed commitment/);
  }, 60_000);
});
