import { describe, expect, it } from 'vitest';
import { answerRange } from './range.ts';

describe('answerRange (RFC 9110 §14)', () => {
  const SIZE = 100;

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=90-', 90, 99],
    ['bytes=90-200', 90, 99], // a last position past the end is the end
    ['bytes=99-99', 99, 99],
    ['bytes=-10', 90, 99], // the last ten bytes
    ['bytes=-500', 0, 99], // a suffix longer than the file is the whole file
    ['BYTES = 5 - 6', 5, 6],
  ])('%s → 206 bytes %i-%i', (header, start, end) => {
    expect(answerRange(header, SIZE)).toEqual({ kind: 'part', start, end });
  });

  it.each(['bytes=100-', 'bytes=100-200', 'bytes=1000000000000000000000-', 'bytes=-0'])(
    '%s → 416',
    (header) => {
      expect(answerRange(header, SIZE)).toEqual({ kind: 'unsatisfiable' });
    },
  );

  it('finds no range in an empty file', () => {
    expect(answerRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(answerRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(answerRange(undefined, 0)).toEqual({ kind: 'whole' });
  });

  it.each([
    undefined,
    'items=0-9', // a unit it does not know
    'bytes=', // not a range
    'bytes=-',
    'bytes=abc',
    'bytes=5-2', // last before first: invalid, so ignored
    'bytes=0-1,5-6', // several ranges: the whole file is a valid answer
    'bytes=0x10-',
    '0-9',
  ])('ignores %s: 200 with the whole file', (header) => {
    expect(answerRange(header, SIZE)).toEqual({ kind: 'whole' });
  });

  it('ignores the range under If-Range: without validators, none can match', () => {
    expect(answerRange('bytes=0-9', SIZE, '"etag"')).toEqual({ kind: 'whole' });
  });
});
