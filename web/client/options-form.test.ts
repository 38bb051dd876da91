import { describe, expect, it } from 'vitest';
import { translator } from './i18n.testkit.js';
import { describeOptions, fieldsOf, parseNumbers, type JsonSchema } from './options-form.js';

const t = translator('en');

/** The JSON Schemas as GET /v1/catalog gives them (zod's toJSONSchema of each game's options). */
const streetcar: JsonSchema = {
  type: 'object',
  properties: {
    firstPlayer: { default: 0, type: 'integer', minimum: 0, maximum: 4 },
    circuit: { default: false, type: 'boolean' },
    handicap: { default: [], type: 'array', items: { type: 'integer', minimum: 0, maximum: 5 } },
  },
};
const ticketToRide: JsonSchema = {
  type: 'object',
  properties: {
    firstPlayer: {
      default: 'random',
      description: "Seat that plays first, or 'random'",
      anyOf: [
        { type: 'string', const: 'random' },
        { type: 'integer', minimum: 0, maximum: 4 },
      ],
    },
  },
};
const vlaky: JsonSchema = {
  type: 'object',
  properties: { sheet: { default: 'I', type: 'string', enum: ['I', 'II'] } },
};

describe('options form generated from a game’s options schema (create from the catalog)', () => {
  it('turns booleans into checkboxes, small integer ranges into seat choices, integer lists into a list field', () => {
    const fields = fieldsOf(t, streetcar);
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['firstPlayer', 'select'],
      ['circuit', 'checkbox'],
      ['handicap', 'numbers'],
    ]);
    const first = fields[0]!;
    expect(first.kind === 'select' && first.choices.map((c) => c.label)).toEqual([
      'Seat 1',
      'Seat 2',
      'Seat 3',
      'Seat 4',
      'Seat 5',
    ]);
    expect(first.kind === 'select' && first.choices.map((c) => c.value)).toEqual([0, 1, 2, 3, 4]);
  });

  it('offers every alternative of anyOf (a constant or a seat) with the default first chosen and the description as help', () => {
    const [f] = fieldsOf(t, ticketToRide);
    expect(f?.kind).toBe('select');
    if (f?.kind !== 'select') return;
    expect(f.choices.map((c) => c.value)).toEqual(['random', 0, 1, 2, 3, 4]);
    expect(f.default).toBe('random');
    expect(f.help).toContain('plays first');
  });

  it('lists enums as they are', () => {
    const [f] = fieldsOf(t, vlaky);
    expect(f?.kind === 'select' && f.choices.map((c) => c.label)).toEqual(['I', 'II']);
  });

  it('parses lists of whole numbers and refuses anything else', () => {
    expect(parseNumbers('1, 2,3')).toEqual([1, 2, 3]);
    expect(parseNumbers('')).toEqual([]);
    expect(parseNumbers('1, x')).toBeNull();
    expect(parseNumbers('1.5')).toBeNull();
  });
});

describe('a game’s options shown before joining', () => {
  it('names each option with the value chosen (defaults filled in), as the invite page shows them', () => {
    expect(describeOptions(t, fieldsOf(t, streetcar), { firstPlayer: 2, handicap: [1, 3] })).toEqual([
      { label: 'First player', value: 'Seat 3' },
      { label: 'Circuit', value: 'no' },
      { label: 'Handicap', value: '1, 3' },
    ]);
    expect(describeOptions(t, fieldsOf(t, ticketToRide), {})).toEqual([{ label: 'First player', value: 'random' }]);
    expect(describeOptions(t, fieldsOf(t, vlaky), { sheet: 'II' })).toEqual([{ label: 'Sheet', value: 'II' }]);
  });
});
