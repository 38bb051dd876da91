/**
 * `npm run smoke -- <ApiUrl> [--webhook-url <url> --listen <port>] [--no-webhook]`: checks a
 * deployed stack (or `npm start`) through its public API; exits 1 with the failed check's
 * message. The webhook check needs a receiver the deployment can reach: this script listens on
 * `--listen` and the operator gives the public URL that leads there (a tunnel, a host with a
 * public address). Without `--webhook-url` it registers http://127.0.0.1:<port>/, which only a
 * local server with RAILPOST_LOCAL_DELIVERY=1 may call.
 */
import { parseArgs } from 'node:util';
import { SmokeFailure } from './smoke/api.js';
import { WebhookReceiver } from './smoke/receiver.js';
import { runSmoke } from './smoke/run.js';

const USAGE =
  'usage: npm run smoke -- <ApiUrl> [--webhook-url <public URL> --listen <port>] [--no-webhook] [--webhook-timeout <seconds>]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'webhook-url': { type: 'string' },
      listen: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'no-webhook': { type: 'boolean', default: false },
      'webhook-timeout': { type: 'string', default: '60' },
    },
  });
  const apiUrl = positionals[0];
  if (!apiUrl || !/^https?:\/\//.test(apiUrl)) {
    console.error(`smoke: give the API URL (the stack's ApiUrl output)\n${USAGE}`);
    return 2;
  }
  const port = Number(values.listen);
  const timeout = Number(values['webhook-timeout']);
  if (!Number.isInteger(port) || port < 0 || !(timeout > 0)) {
    console.error(`smoke: --listen takes a port and --webhook-timeout a number of seconds\n${USAGE}`);
    return 2;
  }
  const receiver = values['no-webhook']
    ? null
    : await WebhookReceiver.listen(port, values['webhook-url'] ? '0.0.0.0' : values.host);
  const started = Date.now();
  try {
    await runSmoke(
      {
        apiUrl,
        webhookTimeoutMs: timeout * 1000,
        ...(receiver
          ? { webhook: { url: values['webhook-url'] ?? `http://${values.host}:${receiver.port}/`, receiver } }
          : {}),
      },
      (line) => console.log(line),
    );
    console.log(
      `smoke passed against ${apiUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s${receiver ? '' : ' (webhook check skipped: --no-webhook)'}`,
    );
    return 0;
  } catch (err) {
    console.error(`smoke FAILED: ${err instanceof SmokeFailure ? err.message : (err as Error).stack}`);
    return 1;
  } finally {
    await receiver?.close();
  }
}

process.exitCode = await main();
