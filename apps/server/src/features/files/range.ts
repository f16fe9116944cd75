/** What to answer a `Range` header with (RFC 9110 §14). */
export type RangeAnswer =
  /** 200 with the whole file: no Range, a unit or syntax we ignore, several ranges, or an If-Range. */
  | { kind: 'whole' }
  /** 206 with bytes start..end (both inclusive). */
  | { kind: 'part'; start: number; end: number }
  /** 416 with `Content-Range: bytes * /size`. */
  | { kind: 'unsatisfiable' };

const BYTE_RANGE = /^\s*(\d*)\s*-\s*(\d*)\s*$/;

/**
 * One byte range, the only kind a video element or a download manager asks for. A server may
 * ignore a Range it does not want to serve, so several ranges get the whole file (RFC 9110
 * §14.2), as does an If-Range: these files send no validators, so none can match (§13.1.5).
 * Written out rather than taken from `range-parser`, which refuses a suffix longer than the file
 * (`bytes=-500` of 100 bytes) that RFC 9110 §14.1.2 says is the whole file.
 */
export function answerRange(header: string | undefined, size: number, ifRange?: string): RangeAnswer {
  if (header === undefined || ifRange !== undefined) return { kind: 'whole' };
  const specs = header.match(/^\s*bytes\s*=(.*)$/i)?.[1]?.split(',') ?? [];
  if (specs.length !== 1) return { kind: 'whole' }; // no byte ranges, or several
  const [, first = '', last = ''] = specs[0]?.match(BYTE_RANGE) ?? [];
  if (first === '' && last === '') return { kind: 'whole' }; // "bytes=-" or not a range at all
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' }; // invalid: ignored (§14.1.1)
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
