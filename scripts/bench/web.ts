/**
 * The web part of `npm run bench`: the client's built files (raw and gzipped; the budget is 150 KB of
 * gzipped JavaScript per page, with one language's catalog) and the first render of a game page in
 * headless Chromium on the local server: navigation start to the board on screen, for a fresh page
 * load of each game type, median of N loads.
 */
import { gzipSync } from 'node:zlib';
import { catalogGames } from '../../engine/games/index.js';
import { startLocalServer } from '../../functions/local/server.js';
import { ApiClient } from '../support/api-client.js';
import { launchChromium, signedInAs } from '../support/chromium.js';
import { provideChromium, thisMachine } from '../support/chromium-install.js';
import { RAISED_LIMITS, testRegistry } from '../support/test-server.js';
import { buildClient } from '../../web/build.js';
import { median, percentile } from './stats.js';

const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 7);

const assets = await buildClient();
const files: Record<string, { bytes: number; gzipBytes: number }> = {};
console.log('web: the client as served (esbuild, minified)');
for (const [path, file] of assets) {
  files[path] = { bytes: file.body.length, gzipBytes: gzipSync(file.body).length };
  console.log(
    `  ${path.padEnd(28)} ${(file.body.length / 1024).toFixed(1).padStart(6)} KiB  (${(files[path].gzipBytes / 1024).toFixed(1)} KiB gzipped)`,
  );
}
// A page loads the app, the worker and the catalog of one language: the largest counts.
const scripts = Object.entries(files).filter(([p]) => p.endsWith('.js'));
const isCatalog = (p: string) => /^\/assets\/(en|cs|de|ru)-\w+\.js$/.test(p);
const scriptGzip =
  scripts.filter(([p]) => !isCatalog(p)).reduce((sum, [, f]) => sum + f.gzipBytes, 0) +
  Math.max(0, ...scripts.filter(([p]) => isCatalog(p)).map(([, f]) => f.gzipBytes));
console.log(
  `  a page's JavaScript (app, worker, largest catalog): ${(scriptGzip / 1024).toFixed(1)} KiB gzipped (budget 150 KB)`,
);

const noChromium = provideChromium(thisMachine());
if (noChromium) throw new Error(noChromium);
const server = await startLocalServer({ registry: testRegistry(), limits: RAISED_LIMITS, sweepMs: 0, web: assets });
const browser = await launchChromium();
const firstRender: Record<string, { medianMs: number; p90Ms: number; loads: number }> = {};
try {
  console.log(`web: first render of a game page in Chromium, ${LOADS} fresh loads each (ms)`);
  const api = new ApiClient(server.url);
  for (const game of catalogGames) {
    const player = await api.newPlayer('Bench');
    const players = Math.max(2, game.minPlayers);
    const created = await player.post('/v1/games', { game: game.id, players, bots: players - 1 });
    const times: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      await signedInAs(context, player.token);
      const page = await context.newPage();
      await page.goto(`${server.url}/#/games/${created.body.id}`);
      await page.waitForSelector('.board svg');
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    firstRender[game.id] = {
      medianMs: Math.round(median(times)),
      p90Ms: Math.round(percentile(times, 0.9)),
      loads: LOADS,
    };
    console.log(`  ${game.id.padEnd(24)} median ${median(times).toFixed(0)}  p90 ${percentile(times, 0.9).toFixed(0)}`);
  }
} finally {
  await browser.close();
  await server.close();
}

export const results = { files, scriptGzipBytes: scriptGzip, firstRender };
