import { describe, expect, it } from 'vitest';
import { writtenMove } from './reply-code.js';

describe('the code in a reply (anywhere in the first lines)', () => {
  it('takes the first code-like word of the first lines, any case, without trailing punctuation; the rest is talk', () => {
    expect(writtenMove('12B.')).toEqual({ code: '12b', rest: '' });
    expect(writtenMove('Hi all,\n\n3 and good luck\nBen')).toEqual({
      code: '3',
      rest: 'Hi all,\n\nand good luck\nBen',
    });
  });

  it('finds nothing in prose, or below the first five written lines', () => {
    expect(writtenMove('I will move tomorrow.')).toBeNull();
    expect(writtenMove('a\nb\nc\nd\ne\n4')).toBeNull();
  });
});
