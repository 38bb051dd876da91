import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../domain/game.js';
import { logEntryFor } from './visibility.js';

const record = (events: EventRecord['events']): EventRecord => ({
  version: 7,
  seat: 0,
  playerId: 'anna',
  action: { type: 'roll' },
  events,
  toAct: [1],
  at: '2026-11-29T08:00:00.000Z',
});

describe('events as the log publishes them', () => {
  it('V1-3: an event recorded with empty data (Streetcar phase B) is published without a data member', () => {
    const entry = logEntryFor(record([{ type: 'circuit_phase_b', data: {} }]), 1);
    expect(entry.events).toEqual([{ type: 'circuit_phase_b' }]);
  });

  it('SC-15.5: a seat that may not see an event gets its redacted form, whose data is kept', () => {
    const draw = {
      type: 'draw',
      data: { seat: 0, tiles: [3], stacks: [0] },
      visibleTo: [0],
      redacted: { type: 'draw', data: { seat: 0, count: 1, stacks: [0] } },
    };
    expect(logEntryFor(record([draw]), 1).events).toEqual([draw.redacted]);
    expect(logEntryFor(record([draw]), 0).events).toEqual([{ type: 'draw', data: draw.data }]);
  });
});
