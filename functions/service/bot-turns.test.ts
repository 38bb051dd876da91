/**
 * RP-BOT-1: a searching bot never moves inside the request that makes it due. The person's move
 * is answered with the bot still to act; a bot-turn job moves it after, once, at the version it was
 * queued for. The bots here are the games' greedy ones under the level's name, so a job is quick
 * and the factory tells when a bot was asked for.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BotLevel } from '../../engine/core/index.js';
import { testRegistry } from '../../test/support/local.js';
import type { PlayerRecord } from '../domain/player.js';
import { memoryStores } from '../store/memory/index.js';
import type { BotFactory } from './bots.js';
import type { BotTurn, BotTurns } from './bot-turns.js';
import { createServices, type Services } from './index.js';
import { sure } from './refusal.js';

/** Each level a bot was made for, in order. */
let asked: BotLevel[];
const recording: BotFactory = (game, level) => {
  asked.push(level);
  return game.bot;
};

beforeEach(() => {
  asked = [];
});

function services(botTurns?: BotTurns): Services {
  return createServices(memoryStores(), testRegistry(), undefined, {
    bots: recording,
    ...(botTurns ? { botTurns } : {}),
  });
}

async function person(s: Services, name: string): Promise<PlayerRecord> {
  return sure(await s.players.create({ name })).player;
}

/** Ticket to Ride Europe against `levels` (seats 1…), Anna first; the bots' opening ticket choices made. */
async function against(s: Services, levels: BotLevel[]): Promise<{ id: string; anna: PlayerRecord }> {
  const anna = await person(s, 'Anna');
  const { id } = sure(
    await s.games.create(anna, {
      game: 'ticket-to-ride-europe',
      players: levels.length + 1,
      bots: levels,
      options: { firstPlayer: 0 },
    }),
  );
  await s.botTurns.settled();
  return { id, anna };
}

/** Anna plays her first legal action until one leaves a bot due; that move's answer. */
async function untilBotsDue(s: Services, id: string, anna: PlayerRecord) {
  for (let moves = 0; moves < 20; moves++) {
    const view = sure(await s.games.view(anna, id)).value;
    const moved = sure(
      await s.play.act(anna, id, { action: view.legalActions[0], expectedVersion: view.version }),
    ).body;
    if (!moved.toAct.includes(0)) return moved;
  }
  throw new Error('the bots were never due');
}

describe('bot turns (RP-BOT-1)', () => {
  it('a move against a hard bot is answered with the bot to act; its move is committed by the job, after the answer', async () => {
    const s = services();
    const { id, anna } = await against(s, ['hard']);
    const before = asked.length;
    const answer = await untilBotsDue(s, id, anna);
    // Structural: the answer came back before any bot was asked for a move, so it holds no search.
    expect(asked.length).toBe(before);
    expect(answer.toAct).toEqual([1]);
    const committed = (await s.table.readGame(id))!.latest!;
    expect(committed).toMatchObject({ version: answer.version, toAct: [1] });
    expect(committed.records.map((r) => r.playerId)).toEqual([anna.id]);

    await s.botTurns.settled();
    expect(asked.slice(before)).toContain('hard');
    const after = (await s.table.readGame(id))!.latest!;
    expect(after.version).toBeGreaterThan(answer.version);
    expect(after.toAct).toEqual([0]);
    expect(after.records.every((r) => r.seat === 1 && r.playerId === null && r.level === 'hard')).toBe(true);
  });

  it('easy bots still reply inside the request', async () => {
    const s = services();
    const { id, anna } = await against(s, ['easy']);
    const view = sure(await s.games.view(anna, id)).value;
    let answer = sure(await s.play.act(anna, id, { action: view.legalActions[0], expectedVersion: view.version })).body;
    for (let moves = 0; moves < 20 && !asked.includes('easy'); moves++)
      answer = sure(
        await s.play.act(anna, id, { action: answer.legalActions[0], expectedVersion: answer.version }),
      ).body;
    expect(asked).toContain('easy');
    expect(answer.toAct).toEqual([0]);
  });

  it('a job moves the bots due at its version once: a second delivery, or a job for an older version, writes nothing', async () => {
    const queued: BotTurn[] = [];
    const s = services({ enqueue: async (turn) => void queued.push(turn), settled: async () => {} });
    const { id, anna } = await against(s, ['hard', 'medium']);
    for (const turn of queued.splice(0)) await s.botTurnJobs.run(turn);
    const answer = await untilBotsDue(s, id, anna);
    expect(queued).toEqual([{ gameId: id, version: answer.version }]);
    const turn = queued[0]!;

    const twice = await Promise.all([s.botTurnJobs.run(turn), s.botTurnJobs.run(turn)]);
    expect(twice.sort()).toEqual(['played', 'stale']);
    const after = (await s.table.readGame(id))!.latest!;
    // Both bots moved in the one job's commit, each at its own level, and Anna is due again.
    expect(after.records.map((r) => r.level)).toEqual(expect.arrayContaining(['hard', 'medium']));
    expect(after.toAct).toEqual([0]);
    expect(await s.botTurnJobs.run(turn)).toBe('stale');
    expect(await s.botTurnJobs.run({ gameId: id, version: turn.version - 1 })).toBe('stale');
    expect((await s.table.readGame(id))!.latest!.key).toBe(after.key);
    expect(await s.botTurnJobs.run({ gameId: 'nosuchgame', version: 1 })).toBe('gone');
    // Only the move queued a turn: the job left a person due.
    expect(queued).toEqual([turn]);
  });
});
