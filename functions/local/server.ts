import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { serve, type HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { GameRegistry } from '../../engine/core/index.js';
import { createApp } from '../api/app.js';
import { jsonLogger } from '../api/json-logger.js';
import { requestLogFields } from '../api/request-id.js';
import type { WebAssets } from '../api/web.js';
import { RateLimits } from '../api/rate-limits.js';
import { createServices, type Services } from '../service/index.js';
import type { BotFactory } from '../service/bots.js';
import { DEFAULT_LIMITS, type Limits } from '../service/limits.js';
import { answerClientErrors } from './client-error.js';
import { openLocalStore, type FaultInjector, type LocalStoreOptions, type StoreCall } from './local-store.js';
import { drainBody } from './drain-body.js';
import { InFlight } from './in-flight.js';
import { loadNotifySecrets, type NotifySecrets } from './notify-secrets.js';
import { Notifier } from '../notify/notifier.js';
import type { EmailSender, OutgoingMail } from '../notify/email.js';
import { outboxSender, smtpSender } from '../notify/local-email.js';
import { NotificationQueue } from '../notify/queue.js';
import { outboundAgents, type OutboundOptions } from '../notify/outbound-guard.js';
import type { Metrics } from '../service/metrics.js';
import { Sweeper, type SweepReport } from '../service/sweeper.js';
import { MailIn, type InboundMessage, type MailInOutcome } from '../mail-in/mail-in.js';
import { startSmtpIn, type SmtpIn } from './smtp-in.js';
import { StreamSocket } from '../api/streams/socket.js';
import { EventFanout } from '../notify/event-fanout.js';
import { LocalSockets } from './event-sockets.js';

export { LOCAL_LIMITS_TABLE, LOCAL_TABLE, type FaultInjector, type StoreCall } from './local-store.js';
export const DEFAULT_SWEEP_MS = 15_000;
/** Replies to turn emails are addressed here locally (reserved: never a real domain). */
export const LOCAL_REPLY_DOMAIN = 'play.railpost.localhost';
const RECEIVED_KEPT = 1000;

export interface LocalOptions {
  registry: GameRegistry;
  /**
   * Where the data lives (functions/local/local-store.ts): `dynalite`, the embedded DynamoDB (the
   * default), or `memory`, the in-memory stores, which take none of the DynamoDB-only options.
   */
  store?: 'dynalite' | 'memory';
  /** Folder for the embedded store; omit for a dynalite in memory. */
  dataDir?: string;
  port?: number;
  host?: string;
  /** Sees every DynamoDB command the service sends, with its input and output (benchmarks count and size them). */
  onDbCall?: (call: StoreCall & { output: Record<string, any> }) => void;
  /**
   * Relaxes the SSRF guard so that receivers on this machine work: http:// webhooks, and webhooks
   * and push endpoints on loopback and private addresses, at registration and at connect time.
   * Default false: the production rules (`npm start` turns it on only with RAILPOST_LOCAL_DELIVERY=1).
   */
  localDelivery?: boolean;
  /** Tests only: how the notifier resolves host names (default DNS) and which certificate it trusts (a local push endpoint's). */
  outbound?: Pick<OutboundOptions, 'lookup' | 'ca'>;
  /** The VAPID `subject` (mailto: or https: contact); default DEFAULT_VAPID_SUBJECT. */
  vapidSubject?: string;
  /**
   * Where email goes: an SMTP server (`smtp://host:port`), else `.eml` files in `<dataDir>/outbox`;
   * an in-memory server sends no email unless given a sender.
   */
  smtpUrl?: string;
  email?: EmailSender;
  /** How often the deadline sweeper runs (ms); default 15000; 0 turns the interval off (tests sweep by hand). */
  sweepMs?: number;
  /** Tests only: the service's clock. */
  now?: () => Date;
  /** Tests only: the bot for each level (default: the games' own bots and search, functions/service/bots.ts). */
  bots?: BotFactory;
  /** Tests of the AWS stream path turn the in-process notifier off (default on). */
  notify?: boolean;
  /** Tests only: make store calls fail, before they reach the store or after it has done them. */
  injectFault?: FaultInjector;
  /** The built web client (web/build.ts), served at `/`; without it `/` redirects to /docs. */
  web?: WebAssets;
  /** Rate limits and caps; default DEFAULT_LIMITS (tests and load runs raise them). */
  limits?: Limits;
  /** Where business figures are counted; default nowhere (CloudWatch is the Lambdas' business; tests count here). */
  metrics?: Metrics;
  /**
   * Play by mail: listen for SMTP on this port (0: any free one) and take replies to
   * turn emails; without it turn emails carry no codes and no Reply-To.
   */
  smtpInPort?: number;
  /** The domain of the reply addresses; default LOCAL_REPLY_DOMAIN. */
  replyDomain?: string;
  /**
   * Development only: replies sent from this machine play as whoever their From header names
   * (RP-MAIL-1); default false, when no reply by SMTP plays (`npm start` turns it on with
   * RAILPOST_SMTP_IN_TRUST_FROM=1).
   */
  trustMailFrom?: boolean;
}

export interface LocalServer {
  url: string;
  services: Services;
  /** VAPID keys and the unsubscribe signing secret, persisted in `<dataDir>/secrets.json` (fresh when in memory). */
  notifySecrets: NotifySecrets;
  /** Resolves when every notification and stream event due so far has been delivered (or has failed). */
  notificationsIdle(): Promise<void>;
  /** The event stream's sockets on this server's port (`/v1/stream`). */
  readonly sockets: LocalSockets;
  /**
   * Every email sent so far, oldest first: notices (when a sender is configured) and sign-in and
   * confirmation codes (always, also in memory without a sender, where they go nowhere else).
   */
  readonly sentMail: readonly OutgoingMail[];
  /** Runs the deadline sweeper once (the interval does this on its own). */
  sweep(): Promise<SweepReport>;
  /** The port replies by mail are taken on, when `smtpInPort` was given. */
  smtpInPort: number | null;
  /** What the messages received by mail did, oldest first (the last 1000; tests read it). */
  readonly received: readonly MailInOutcome[];
  /**
   * The embedded store's DynamoDB endpoint (table LOCAL_TABLE): the Lambda entries' tests point their
   * clients at it. A memory server has none: reading it throws.
   */
  readonly storeEndpoint: string;
  /**
   * The service's client of the embedded store (table LOCAL_TABLE): tests trace its calls and read
   * items as stored. A memory server has none: reading it throws.
   */
  readonly db: DynamoDBClient;
  close(): Promise<void>;
}

function emailSender(options: LocalOptions, log: (line: string) => void): EmailSender | null {
  if (options.email) return options.email;
  if (options.smtpUrl) return smtpSender(options.smtpUrl);
  if (options.dataDir) return outboxSender(resolve(join(options.dataDir, 'outbox')), log);
  return null;
}

function storeOptions(options: LocalOptions, now: () => Date): LocalStoreOptions {
  if (options.store !== 'memory')
    return { kind: 'dynalite', dataDir: options.dataDir, onDbCall: options.onDbCall, injectFault: options.injectFault };
  if (options.dataDir || options.onDbCall || options.injectFault)
    throw new Error('dataDir, onDbCall and injectFault need the dynalite store');
  return { kind: 'memory', now };
}

function dynamoOf<T>(dynamo: T | null): T {
  if (!dynamo) throw new Error('this local server keeps its data in memory: start it with store "dynalite"');
  return dynamo;
}

/** The same app as in Lambda, on @hono/node-server, with dynalite (or the in-memory stores) as its table. */
export async function startLocalServer(options: LocalOptions): Promise<LocalServer> {
  // First: a bad secrets file stops the start before anything is listening.
  const notifySecrets = loadNotifySecrets(options.dataDir, options.vapidSubject);
  const now = options.now ?? (() => new Date());
  const store = await openLocalStore(storeOptions(options, now));
  const limits = options.limits ?? DEFAULT_LIMITS;
  let notifier: Notifier | null = null;
  // The event stream's fan-out, once the sockets exist (below); like the notifier, off with `notify: false`.
  let fanout: EventFanout | null = null;
  const queue = new NotificationQueue(
    () => notifier,
    (failures) => jsonLogger.info('notifications failed', { failures }),
  );
  const log = (line: string) => console.log(line);
  const sentMail: OutgoingMail[] = [];
  const configured = emailSender(options, log);
  const recorded = (sender: EmailSender | null): EmailSender => ({
    async send(mail) {
      sentMail.push(mail);
      await sender?.send(mail);
    },
  });
  const services = createServices(
    store.stores,
    options.registry,
    now,
    {
      mailer: recorded(configured),
      log: (message, err) => jsonLogger.error(message, err),
      onTransition: (t) => {
        queue.push(t);
        void fanout?.transition(t);
      },
      onReminder: (r) => {
        queue.remind(r);
        void fanout?.reminder(r);
      },
      onChat: (m) => {
        queue.chat(m);
        void fanout?.chat(m);
      },
      onRematchOffered: (gameId) => void fanout?.rematchOffered(gameId),
      onChallenge: (notice) => {
        queue.challenge(notice);
        void fanout?.challenge(notice);
      },
      onCredentialsEnded: (playerId, ended) => fanout?.closeEnded(playerId, ended),
      onDigest: (d) => queue.digest(d),
      ...(options.metrics ? { metrics: options.metrics } : {}),
      ...(options.bots ? { bots: options.bots } : {}),
    },
    limits.caps,
  );
  // The queue is in-process (InProcessDeadlineQueue): a sweep dispatches and works its batches, 8 at a time.
  const sweeper = new Sweeper({
    times: services.times,
    timing: services.timing,
    now,
    log: (message, details) => jsonLogger.info(message, details),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    lobby: services.lobby,
    digests: services.digests,
  });
  let sweeping: Promise<SweepReport> | null = null;
  // Overlapping sweeps would be safe (conditional writes) but pointless on one machine.
  const sweep = () => (sweeping ??= sweeper.dispatch().finally(() => (sweeping = null)));
  const sweepMs = options.sweepMs ?? DEFAULT_SWEEP_MS;
  const interval =
    sweepMs > 0
      ? setInterval(() => void sweep().catch((err: unknown) => jsonLogger.error('sweep failed', err)), sweepMs)
      : null;
  interval?.unref();
  // The production rules unless the server opted in to receivers on this machine (development mode).
  const outbound = outboundAgents({ ...options.outbound, allowPrivateNetworks: options.localDelivery === true });
  const app = createApp({
    ...services,
    notify: {
      vapidPublicKey: notifySecrets.vapid.publicKey,
      unsubscribeSecret: notifySecrets.unsubscribeSecret,
      localDelivery: options.localDelivery === true,
      outbound,
    },
    onServerError: (err, c) => jsonLogger.error('unhandled error', err, requestLogFields(c)),
    rateLimits: {
      limits: new RateLimits(limits.rates, store.rateLimits),
      clientAddress: (c) => getConnInfo(c).remote.address,
    },
    ...(options.web ? { web: options.web } : {}),
  });
  const requests = new InFlight();
  const answer = async (req: Request, env: HttpBindings): Promise<Response> => {
    const res = await app.fetch(req, env);
    // A body too large to drain leaves the connection unusable: the client is told to open a new one.
    if (res.status === 413 && !(await drainBody(req))) res.headers.set('connection', 'close');
    return res;
  };
  /** When the answer to a request has gone out on its connection (or the connection died). */
  const answered = ({ outgoing }: HttpBindings) => new Promise<void>((ok) => outgoing.once('close', () => ok()));
  const server = await new Promise<Server>((ok) => {
    const s = serve(
      {
        fetch: (req, env) => requests.handle(() => answer(req, env as HttpBindings), answered(env as HttpBindings)),
        port: options.port ?? 0,
        hostname: options.host ?? '127.0.0.1',
      },
      () => ok(s as Server),
    );
  });
  answerClientErrors(server);
  const sockets = new LocalSockets(new StreamSocket(services.streams), log);
  sockets.attach(server);
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  const url = `http://${host}:${port}`;
  const replyDomain = options.smtpInPort === undefined ? undefined : (options.replyDomain ?? LOCAL_REPLY_DOMAIN);
  const { deliveries, digests } = store.stores;
  if (options.notify !== false) {
    fanout = new EventFanout({
      connections: store.stores.connections,
      sender: sockets,
      readGame: (gameId) => services.table.readGame(gameId),
      now,
      log,
    });
    notifier = new Notifier({
      table: services.table,
      deliveries,
      registry: options.registry,
      publicUrl: url,
      email: configured && recorded(configured),
      vapid: notifySecrets.vapid,
      unsubscribeSecret: notifySecrets.unsubscribeSecret,
      outbound,
      chatNoticeSeconds: limits.chatNoticeSeconds,
      log,
      ...(options.metrics ? { metrics: options.metrics } : {}),
      ...(replyDomain ? { replyDomain } : {}),
      now,
      digests,
    });
  }
  const received: MailInOutcome[] = [];
  let smtpIn: SmtpIn | null = null;
  if (replyDomain && notifier) {
    const mailIn = new MailIn({
      services,
      registry: options.registry,
      notifier,
      deliveries,
      digests,
      secrets: [notifySecrets.unsubscribeSecret],
      replyDomain,
      log,
    });
    const receive = async (m: InboundMessage) => {
      const outcome = await mailIn.receive(m);
      received.push(outcome);
      // A long-running `npm start` keeps only the recent outcomes.
      if (received.length > RECEIVED_KEPT) received.shift();
      return outcome;
    };
    smtpIn = await startSmtpIn({
      port: options.smtpInPort ?? 0,
      host: options.host ?? '127.0.0.1',
      domain: replyDomain,
      trustFrom: options.trustMailFrom === true,
      receive,
      log,
    });
  }
  return {
    url,
    services,
    notifySecrets,
    sentMail,
    notificationsIdle: async () => {
      await queue.idle();
      await fanout?.idle();
    },
    sockets,
    sweep,
    smtpInPort: smtpIn?.port ?? null,
    received,
    get storeEndpoint() {
      return dynamoOf(store.dynamo).endpoint;
    },
    get db() {
      return dynamoOf(store.dynamo).db;
    },
    close: async () => {
      if (interval) clearInterval(interval);
      await smtpIn?.close();
      // No new connections; idle keep-alive ones (an open browser tab's) close at once.
      const stopped = new Promise<void>((ok) => server.close(() => ok()));
      // Held waits for a move answer now rather than hold the stop for up to their 25 s.
      services.waits.stop();
      sockets.closeAll();
      // Requests under way run to their end, so their writes land before the store closes
      // (closing it under them crashed the process on dynalite's "Database is closed")…
      await requests.drain();
      // …then whatever connection is still open (kept alive, or a request half sent) is cut.
      server.closeAllConnections();
      await stopped;
      await sweeping;
      await queue.idle();
      await fanout?.idle();
      // A game finished by the last requests is still being recorded (ratings, search) off their path.
      await services.settled();
      await store.close();
    },
  };
}
