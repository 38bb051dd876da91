import { describe, expect, it } from 'vitest';
import { unwrapSingleUnions } from './single-unions.js';

const take = { type: 'object', properties: { type: { type: 'string', enum: ['take'] } }, required: ['type'] };
const pass = { type: 'object', properties: { type: { type: 'string', enum: ['pass'] } }, required: ['type'] };

describe('unions of one member in the OpenAPI document', () => {
  it('a game with one action type: its oneOf of one becomes the member, keeping what stood beside it', () => {
    const doc = {
      items: { oneOf: [take], discriminator: { propertyName: 'type' }, description: 'the actions' },
      ref: { oneOf: [{ $ref: '#/components/schemas/TakeAwayEvent' }] },
    };
    expect(unwrapSingleUnions(doc)).toEqual({
      items: { ...take, description: 'the actions' },
      ref: { $ref: '#/components/schemas/TakeAwayEvent' },
    });
  });

  it('a union of two or more stays as it is', () => {
    const doc = { items: { oneOf: [take, pass], discriminator: { propertyName: 'type' } } };
    expect(unwrapSingleUnions(doc)).toEqual(doc);
  });
});
