import { describe, expect, it } from 'vitest';
import type { BotTurn } from '../service/bot-turns.js';
import { runBotTurns } from './worker.js';

describe('the bot worker’s batch (RP-BOT-1)', () => {
  it('runs each job; one that throws is reported for redelivery, a message that is no job is dropped, not retried', async () => {
    const ran: BotTurn[] = [];
    const seen: string[] = [];
    const answer = await runBotTurns(
      [
        { messageId: 'a', body: JSON.stringify({ gameId: 'g1', version: 4 }) },
        { messageId: 'b', body: JSON.stringify({ gameId: 'g2', version: 7 }) },
        { messageId: 'c', body: '{"gameId":"g3"}' },
        { messageId: 'd', body: 'not json' },
      ],
      async (turn) => {
        if (turn.gameId === 'g2') throw new Error('the table failed');
        ran.push(turn);
        return 'played';
      },
      {
        job: (turn, outcome) => seen.push(`${turn.gameId} ${outcome}`),
        failed: (messageId) => seen.push(`failed ${messageId}`),
        dropped: (messageId) => seen.push(`dropped ${messageId}`),
      },
    );
    expect(ran).toEqual([{ gameId: 'g1', version: 4 }]);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }] });
    expect(seen).toEqual(['g1 played', 'failed b', 'dropped c', 'dropped d']);
  });
});
