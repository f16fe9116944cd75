import fc from 'fast-check';
import type { ZodType } from 'zod';

/** Strings that have broken web apps: SQL, markup, templates, control and odd unicode, sheer size. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  "'; drop table users; --",
  '" OR 1=1 --',
  "Robert'); DELETE FROM profiles; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click](javascript:alert(1))',
  '![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  '\u0000',
  'null\u0000byte',
  '\u202Egnp.exe',
  '🏋️‍♀️💪🔥',
  'Zalgo: Z̷̢̛̛a̵̡͝l̴g̶o̷',
  'ß ﬃ İ ǅ',
  '\ud800',
  'a'.repeat(10_001),
  '🔥'.repeat(3000),
  'NaN',
  '-1',
  '1e309',
  'true',
  'null',
  '2026-02-30',
  'admin@core28.local',
  'x@y',
  '%',
  '_',
  '\\',
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  hostileString,
);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Values for a zod schema: mostly well-formed (so the handler behind validation runs too), often
 * off by a little, sometimes hostile or of the wrong type.
 */
export function arbitraryFor(schema: ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const mix = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { arbitrary: valid, weight: 6 },
      { arbitrary: hostileString, weight: 2 },
      { arbitrary: wrongType, weight: 1 },
    );
  switch (def.type) {
    case 'object': {
      const shape = (schema as unknown as { shape: Record<string, ZodType> }).shape;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, arbitraryFor(field)]),
      );
      return fc.oneof(
        { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 8 },
        { arbitrary: fc.record({ ...fields, extra: wrongType }, { requiredKeys: [] }), weight: 1 },
        { arbitrary: wrongType, weight: 1 },
      );
    }
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'prefault':
      return fc.oneof(fc.constant(undefined), arbitraryFor(def.innerType as ZodType));
    case 'pipe':
      return arbitraryFor(def.in as ZodType);
    case 'string':
      return mix(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.string({ unit: 'grapheme', maxLength: 40 }),
          fc.emailAddress(),
        ),
      );
    case 'number':
    case 'int':
      return mix(fc.oneof(fc.integer({ min: -5, max: 40 }), fc.integer(), fc.double({ noNaN: false })));
    case 'boolean':
      return mix(fc.boolean());
    case 'enum':
      return mix(fc.constantFrom(...((schema as unknown as { options: unknown[] }).options ?? ['x'])));
    case 'literal':
      return mix(fc.constantFrom(...((def.values as unknown[]) ?? [null])));
    case 'array':
      return mix(fc.array(arbitraryFor(def.element as ZodType), { maxLength: 6 }));
    case 'union':
      return fc.oneof(...(def.options as ZodType[]).map(arbitraryFor));
    default:
      return fc.oneof(fc.anything(), wrongType);
  }
}

/** A query string from a schema's fields, values stringified as a browser would send them. */
export function queryArbitraryFor(schema: ZodType): fc.Arbitrary<string> {
  // As a browser sends it: a lone surrogate becomes U+FFFD before percent-encoding.
  const encode = (value: string) => encodeURIComponent(value.replace(/\p{Cs}/gu, '\uFFFD'));
  const raw = fc.constantFrom(
    'page=%',
    'search=%zz',
    'search=%ED%A0%80',
    'pageSize=1&pageSize=2',
    'limit=%00',
    '&&==',
  );
  const built = arbitraryFor(schema).map((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return `q=${encode(String(value))}`;
    return Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&');
  });
  return fc.oneof({ arbitrary: built, weight: 9 }, { arbitrary: raw, weight: 1 });
}
