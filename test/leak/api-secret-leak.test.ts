/**
 * HARD-4 secret-leak scan through the HTTP API: a couple of games per
 * catalog game with two people (and a bot where the seats allow), played by posting legalActions.
 * At every version a person sees, each person's GET /v1/games/{id}/view, /log, /board.svg and
 * GET /v1/games/{id}, the events each one's event stream carried (a spectator's: the game subscribed
 * to), and the problem body of a rejected action, are scanned for other seats'
 * secrets (test/leak/secrets.ts), the RNG state and the game's seed. The true state is replayed
 * server-side from the store, at every version, the way test/support/high-card-game.ts does.
 * The engine-level scan (test/leak/secret-leak.test.ts) covers many more games; this one checks
 * that the API adds no leak of its own (log, summary, picture, problem details, headers).
 * The games are public: while it waits for players the lobby's answer is scanned
 * for the seed, and a spectator (no seat) reads the same answers, scanned for every secret any
 * seated person may not see.
 *   LEAK_API_STEPS=200 npx vitest run test/leak/api-secret-leak.test.ts  (longer games)
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng, type AnyGame, type Seat } from '../../engine/core/index.js';
import { replay } from '../../functions/service/replay.js';
import type { LocalServer } from '../../functions/local/server.js';
import { dataOf, textOf, type Answer, type Player } from '../support/client.js';
import { useTestServer } from '../support/local.js';
import { openStream, type OpenStream } from '../support/event-stream.js';
import { commonSecrets, leakSpecs, scanner, secretKey, type LeakSpec, type Secret, type Token } from './secrets.js';

const suite = useTestServer();
const STEPS = Number(process.env.LEAK_API_STEPS ?? 6);

type Action = { type: string } & Record<string, unknown>;

/** Every state of the game from setup to now, replayed from the store, and the seed. */
async function history(server: LocalServer, gameId: string, def: AnyGame) {
  const meta = (await server.services.table.readGame(gameId))?.meta;
  if (!meta) throw new Error(`no game ${gameId}`);
  const records = (await server.services.table.commitsAfter(gameId, 0)).flatMap((c) => c.records);
  const states: unknown[] = [replay(def, meta, null, []).state];
  for (const r of records) states.push(r.forfeit ? states.at(-1) : def.apply(states.at(-1), r.seat, r.action).state);
  return { states, records, seed: meta.seed };
}

function responseText(r: Answer): string {
  return [textOf(r), ...[...r.response.headers.entries()].map(([k, v]) => `${k}: ${v}`)].join('\n');
}

interface Figures {
  versions: number;
  responses: number;
  logEntries: number;
  problems: number;
  values: number;
  hits: string[];
}

async function playAndScan(
  spec: LeakSpec,
  people: Player[],
  watcher: Player,
  players: number,
  options: Record<string, unknown>,
  g: number,
  f: Figures,
): Promise<void> {
  const def = spec.game;
  const bots = players - people.length;
  const created = await people[0]!.POST('/v1/games', {
    body: { game: def.id, players, bots, options, visibility: 'public' },
  });
  expect(created.response.status, textOf(created)).toBe(201);
  const { id } = dataOf(created);
  const params = { path: { id } };
  const listed = await watcher.GET('/v1/lobby', { params: { query: { game: def.id } } });
  expect(dataOf(listed).games.map((x) => x.id)).toContain(id);
  f.responses++;
  if (responseText(listed).includes((await history(suite.server, id, def)).seed))
    f.hits.push(`${def.id} API game ${g}: the seed in the lobby`);
  for (const p of people.slice(1))
    expect((await p.POST('/v1/games/{id}/join', { params, body: {} })).response.status).toBe(200);
  const seatOf = new Map<Player, Seat>();
  for (const p of people) seatOf.set(p, dataOf(await p.GET('/v1/games/{id}', { params })).yourSeat!);
  const streams = new Map<Player, OpenStream>();
  for (const p of [...people, watcher]) streams.set(p, await openStream(p));
  streams.get(watcher)!.send({ action: 'subscribe', game: id });
  /** What each stream carried since it was last scanned, against `secrets` and the seed. */
  const scanned = new Map<Player, number>();
  const streamHits = (p: Player, secrets: Secret[], seed: string): string[] => {
    const s = streams.get(p)!;
    const fresh = s.received.slice(scanned.get(p) ?? 0);
    scanned.set(p, s.received.length);
    f.responses++;
    return [
      ...(JSON.stringify(fresh).includes(seed) ? ['the seed'] : []),
      ...scanner(secrets)(fresh).map((h) => `${h.what} at ${h.path} = ${h.found}`),
    ];
  };
  const rng = new Rng(seedRng(`api-leak/${def.id}/${g}`));
  const label = `${def.id} API game ${g} (${players} seats, ${bots} bots)`;
  /** Per seat: what it has legitimately known at any version so far, and the secrets at each version. */
  const known = new Map<Seat, Set<Token>>();
  const secretsAt = new Map<string, Secret[]>();
  let seenVersions = 0;
  /** Log entries already scanned, per seat: an entry does not change while the game runs. */
  const scannedEntries = new Set<string>();
  const secretsFor = (states: unknown[], version: number, seat: Seat): Secret[] => {
    const key = `${version}/${seat}`;
    if (!secretsAt.has(key)) {
      const k = known.get(seat) ?? new Set<Token>();
      known.set(seat, k);
      for (let v = seenVersions; v <= version; v++) for (const x of spec.known(states[v], seat)) k.add(x);
      secretsAt.set(key, spec.secretsOf(states[version], seat, k));
    }
    return secretsAt.get(key)!;
  };

  for (let step = 0; step < STEPS; step++) {
    await suite.server.notificationsIdle();
    const { states, seed } = await history(suite.server, id, def);
    const version = states.length - 1;
    const state = states[version];
    if (def.toAct(state).length === 0) break;
    const hidden = [
      ...people.map((p) => secretsFor(states, version, seatOf.get(p)!)).flat(),
      ...commonSecrets(seed, spec.rng(state)),
    ];
    await scanSpectator(watcher, params, version, hidden, seed, `${label} v${version} spectator`, f);
    for (const h of streamHits(watcher, hidden, seed)) f.hits.push(`${label} v${version} spectator's stream: ${h}`);
    for (const p of people) {
      const seat = seatOf.get(p)!;
      // Known so far (every version, bots' moves included), then the secrets now.
      const now = [...secretsFor(states, version, seat), ...commonSecrets(seed, spec.rng(state))];
      const check = scanner(now);
      const hit = (what: string, found: string[]) =>
        found.forEach((h) => f.hits.push(`${label} v${version} seat ${seat} ${what}: ${h}`));
      hit('event stream', streamHits(p, now, seed));
      const [view, log, game, board] = await Promise.all([
        p.GET('/v1/games/{id}/view', { params }),
        p.GET('/v1/games/{id}/log', { params }),
        p.GET('/v1/games/{id}', { params }),
        p.GET('/v1/games/{id}/board.svg', { params, parseAs: 'text' }),
      ]);
      const replies: Record<string, Answer> = { view, log, game, board };
      for (const [what, r] of Object.entries(replies)) {
        f.responses++;
        f.values += now.length;
        if (what !== 'board') expect(r.response.status, `${what} ${textOf(r)}`).toBe(200);
        if (responseText(r).includes(seed)) hit(what, ['the seed']);
        if (what === 'log') continue; // entry by entry below, against the secrets of their own version
        hit(
          what,
          check(what === 'board' ? textOf(r) : r.data).map((h) => `${h.what} at ${h.path} = ${h.found}`),
        );
      }
      expect(dataOf(view).version).toBe(version);
      // The log: entry k against what was secret both before and after it (an event may reveal).
      for (const entry of dataOf(log).entries) {
        const k = entry.version;
        if (scannedEntries.has(`${seat}/${k}`)) continue;
        scannedEntries.add(`${seat}/${k}`);
        const was = new Set(secretsFor(states, k - 1, seat).map(secretKey));
        const secrets = [
          ...secretsFor(states, k, seat).filter((s) => s.kind === 'run' || was.has(secretKey(s))),
          ...commonSecrets(seed, spec.rng(states[k - 1]), spec.rng(states[k])),
        ];
        f.logEntries++;
        f.values += secrets.length;
        hit(
          `log entry ${k}`,
          scanner(secrets)(entry).map((h) => `${h.what} at ${h.path} = ${h.found}`),
        );
      }
      // A rejected action: another seat's legal action, or one of ours with a secret value in it.
      const others = def
        .toAct(state)
        .filter((s) => s !== seat)
        .flatMap((s) => def.legalActions(state, s) as Action[]);
      const values = now.flatMap((s) => (s.kind === 'text' || s.kind === 'id' ? [s.value] : []));
      const mine: Action[] = dataOf(view).legalActions ?? [];
      let probe: Action | undefined = others.length ? rng.pick(others) : undefined;
      if (!probe && mine.length && values.length) {
        probe = structuredClone(rng.pick(mine));
        const keys = Object.keys(probe).filter((k) => k !== 'type');
        if (keys.length) probe[rng.pick(keys)] = rng.pick(values);
      }
      if (probe) {
        const r = await p.POST('/v1/games/{id}/actions', { params, body: { action: probe, expectedVersion: version } });
        if (r.response.status !== 200) {
          f.problems++;
          const typed = new Set(JSON.stringify(probe).match(/[A-Za-z0-9_]+/g) ?? []);
          const secrets = now.filter((s) => !((s.kind === 'text' || s.kind === 'id') && typed.has(String(s.value))));
          if (responseText(r).includes(seed)) hit('problem', ['the seed']);
          hit(
            `problem ${r.response.status} for ${JSON.stringify(probe)}`,
            scanner(secrets)(r.error).map((h) => `${h.what} at ${h.path} = ${h.found}`),
          );
          continue; // the state may have moved (bots do not, but keep it simple): read again next round
        }
        break; // accepted by luck: a new version, start over
      }
    }
    seenVersions = version;
    f.versions++;
    // One person due moves: the game's bot for Trains & Stations (random play barely ends), else at random.
    const { states: fresh } = await history(suite.server, id, def);
    const current = fresh.at(-1);
    const due = people.filter((p) => def.toAct(current).includes(seatOf.get(p)!));
    if (due.length === 0) break;
    const mover = rng.pick(due);
    const seat = seatOf.get(mover)!;
    const body = dataOf(await mover.GET('/v1/games/{id}/view', { params }));
    const legal: Action[] = body.legalActions;
    const action =
      rng.next() / 2 ** 32 < spec.botShare ? def.bot({ seat, view: body.view, legal, rng }) : rng.pick(legal);
    const posted = await mover.POST('/v1/games/{id}/actions', {
      params,
      body: { action, expectedVersion: body.version },
    });
    expect(posted.response.status, textOf(posted)).toBe(200);
  }
  for (const s of streams.values()) s.close();
}

/**
 * What a player without a seat reads: view, summary and board checked against every
 * secret some seated person may not see, the log entry by entry against the same.
 */
async function scanSpectator(
  watcher: Player,
  params: { path: { id: string } },
  version: number,
  secrets: Secret[],
  seed: string,
  label: string,
  f: Figures,
): Promise<void> {
  const check = scanner(secrets);
  const [view, log, game, board] = await Promise.all([
    watcher.GET('/v1/games/{id}/view', { params }),
    watcher.GET('/v1/games/{id}/log', { params }),
    watcher.GET('/v1/games/{id}', { params }),
    watcher.GET('/v1/games/{id}/board.svg', { params, parseAs: 'text' }),
  ]);
  expect(dataOf(view).legalActions).toEqual([]);
  for (const [what, r] of Object.entries({ view, log, game, board } as Record<string, Answer>)) {
    f.responses++;
    f.values += secrets.length;
    if (responseText(r).includes(seed)) f.hits.push(`${label} ${what}: the seed`);
    // Log entries of earlier versions may show what was revealed since: only the newest is checked against today's secrets.
    const body =
      what === 'board' ? textOf(r) : what === 'log' ? dataOf(log).entries.filter((e) => e.version === version) : r.data;
    for (const h of check(body)) f.hits.push(`${label} ${what}: ${h.what} at ${h.path} = ${h.found}`);
  }
}

describe('HARD-4 secret-leak scan through the API', () => {
  for (const spec of leakSpecs) {
    it(`HARD-4 secret-leak: ${spec.game.id} view, log, board.svg, game summary, event stream and problem bodies never show another seat's secrets (${spec.rules.join(', ')}) or the seed`, async () => {
      const f: Figures = { versions: 0, responses: 0, logEntries: 0, problems: 0, values: 0, hits: [] };
      const def = spec.game;
      const people = [await suite.api.newPlayer('Leak A'), await suite.api.newPlayer('Leak B')];
      const watcher = await suite.api.newPlayer('Leak Spectator');
      // Two people, and bots for the other seats: the smallest table, and one seat more.
      const smallest = Math.max(2, def.minPlayers);
      const games = [smallest, Math.min(smallest + 1, def.maxPlayers)];
      for (const [g, players] of games.entries()) {
        const set = spec.optionSets[g % spec.optionSets.length]!;
        await playAndScan(spec, people, watcher, players, set.options(players), g, f);
      }
      console.log(
        `HARD-4 API ${def.id}: ${games.length} games, ${f.versions} versions, ${f.responses} responses, ${f.logEntries} log entries, ${f.problems} problem bodies, ${f.values} secret values scanned, ${f.hits.length} hits`,
      );
      expect(f.hits.slice(0, 20)).toEqual([]);
      expect(f.versions).toBeGreaterThan(0);
      expect(f.values).toBeGreaterThan(0);
      expect(f.problems).toBeGreaterThan(0);
    }, 120_000);
  }
});
