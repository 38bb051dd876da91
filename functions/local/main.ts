import { createRegistry, type AnyGame } from '../../engine/core/index.js';
import { catalogGames } from '../../engine/games/index.js';
import { buildClient } from '../../web/build.js';
import { RAISED_LIMITS } from '../service/limits.js';
import { startLocalServer } from './server.js';

/**
 * `npm start`: the service on this machine with its embedded store. RAILPOST_TEST_GAMES=1 also
 * seats the fixture games (unlisted), handy for trying the API before any real game.
 */
async function testGames(): Promise<readonly AnyGame[]> {
  if (process.env.RAILPOST_TEST_GAMES !== '1') return [];
  return (await import('../../engine/fixtures/index.js')).fixtureGames;
}

function sweepInterval(raw: string): number {
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(`RAILPOST_SWEEP_MS must be a whole number of milliseconds (0: off), not "${raw}"`);
  return ms;
}

function smtpInPort(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`RAILPOST_SMTP_IN_PORT must be a port number, not "${raw}"`);
  return port;
}

const dataDir = process.env.RAILPOST_DATA_DIR ?? './.data';
const port = Number(process.env.PORT ?? 8787);
const server = await startLocalServer({
  registry: createRegistry([...catalogGames, ...(await testGames())]),
  dataDir,
  ...(process.env.SMTP_URL ? { smtpUrl: process.env.SMTP_URL } : {}),
  port,
  host: process.env.HOST ?? '127.0.0.1',
  // The production SSRF rules unless asked: receivers on this machine (http://127.0.0.1:…) need RAILPOST_LOCAL_DELIVERY=1.
  localDelivery: process.env.RAILPOST_LOCAL_DELIVERY === '1',
  // Real limits unless asked: a local load run from one address needs RAILPOST_RAISED_LIMITS=1.
  ...(process.env.RAILPOST_RAISED_LIMITS === '1' ? { limits: RAISED_LIMITS } : {}),
  ...(process.env.RAILPOST_VAPID_SUBJECT ? { vapidSubject: process.env.RAILPOST_VAPID_SUBJECT } : {}),
  ...(process.env.RAILPOST_SMTP_IN_PORT ? { smtpInPort: smtpInPort(process.env.RAILPOST_SMTP_IN_PORT) } : {}),
  ...(process.env.RAILPOST_REPLY_DOMAIN ? { replyDomain: process.env.RAILPOST_REPLY_DOMAIN } : {}),
  // No reply by SMTP plays unless asked: plain SMTP proves nothing about who sent it.
  trustMailFrom: process.env.RAILPOST_SMTP_IN_TRUST_FROM === '1',
  ...(process.env.RAILPOST_SWEEP_MS ? { sweepMs: sweepInterval(process.env.RAILPOST_SWEEP_MS) } : {}),
  web: await buildClient(),
});
console.log(`railpost listening on ${server.url}   (web client: ${server.url}/)`);
if (server.smtpInPort !== null) console.log(`replies by mail: SMTP on port ${server.smtpInPort}`);
console.log(
  `API reference: ${server.url}/docs   OpenAPI: ${server.url}/openapi.json   AsyncAPI: ${server.url}/asyncapi.yaml   data: ${dataDir}`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
