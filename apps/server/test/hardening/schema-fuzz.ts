import fc from 'fast-check';

/**
 * Hostile inputs generated from a route's JSON schema (the OpenAPI document the contract's zod
 * schemas produce). A "breaker" is a change that makes a payload invalid whatever the rest of it
 * holds, so an answer other than 4xx is a bug; "noise" is anything at all, valid or not.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
};

const NASTY = [
  "' OR 1=1 --",
  '"; drop table member; --',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0644\u0627',
  '𝕏🎰👨‍👩‍👧',
  'বাংলা টাকা ৳১০০',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '$'.concat('{7*7}{{7*7}}'),
  '-1',
  '-0',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999999999999',
  '-99999999999999999',
  '0x10',
  ' 100 ',
  '1.5',
  '',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 0, max: 50 }).map((n) => 'ঌ'.repeat(5_000 + n)),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0.5, -100_000, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 4_294_967_296),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { $gt: '' }, JSON.parse('{"__proto__":{"isAdmin":true}}'), [[[[]]]]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function acceptedTypes(s: JsonSchema): Set<string> {
  const out = new Set<string>();
  const add = (t: string) => {
    out.add(t);
    if (t === 'integer') out.add('number');
  };
  for (const t of [s.type ?? []].flat()) add(t);
  for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) for (const t of acceptedTypes(sub)) add(t);
  for (const v of s.enum ?? []) add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (s.const !== undefined) add(typeof s.const);
  if (s.properties) add('object');
  if (s.items) add('array');
  return out;
}

const TYPED_SAMPLES: [string, unknown][] = [
  ['object', { nested: { deeper: ['x'] } }],
  ['array', [['x'], 1]],
  ['boolean', true],
  ['number', 12.5],
  ['string', 'x'],
];

/** A value of a type the schema does not accept, when one exists. */
function wrongType(s: JsonSchema): unknown[] {
  const ok = acceptedTypes(s);
  if (ok.size === 0) return [];
  return TYPED_SAMPLES.filter(([t]) => !ok.has(t)).map(([, v]) => v);
}

/** Values that break the one property schema `s`, each with a label. */
function valueBreakers(s: JsonSchema): { label: string; value: unknown }[] {
  const out = wrongType(s).map((value) => ({ label: `wrong type ${Array.isArray(value) ? 'array' : typeof value}`, value }));
  const single = !s.anyOf && !s.oneOf;
  if (single && s.enum?.every((v) => typeof v === 'string')) out.push({ label: 'not in enum', value: 'NOT_IN_ENUM_Ω' });
  if (single && typeof s.maxLength === 'number') out.push({ label: 'over maxLength', value: '৳'.repeat(s.maxLength + 1) });
  if (single && typeof s.minLength === 'number' && s.minLength > 0) out.push({ label: 'under minLength', value: '' });
  if (single && s.type === 'integer') out.push({ label: 'fraction for integer', value: 1.5 });
  if (single && (s.type === 'integer' || s.type === 'number')) {
    if (typeof s.minimum === 'number') out.push({ label: 'below minimum', value: s.minimum - 1 });
    if (typeof s.maximum === 'number' && s.maximum < 1e300) out.push({ label: 'above maximum', value: 1e308 });
  }
  if (single && s.type === 'array' && typeof s.maxItems === 'number') {
    out.push({ label: 'too many items', value: Array.from({ length: s.maxItems + 1 }, () => 'x') });
  }
  if (single && s.type === 'array' && typeof s.minItems === 'number' && s.minItems > 0) out.push({ label: 'too few items', value: [] });
  return out;
}

export type Breaker = { label: string; apply: (body: Record<string, unknown>) => unknown };

/** Changes that make any body invalid for an object schema (or a oneOf/anyOf of object schemas). */
export function bodyBreakers(schema: JsonSchema): Breaker[] {
  const out: Breaker[] = [
    { label: 'body is a number', apply: () => -1 },
    { label: 'body is a string', apply: () => 'ঌ' },
    { label: 'body is an array', apply: (b) => [b] },
    { label: 'body is null', apply: () => null },
  ];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return out; // a union: only "not an object at all" is sure to fail every variant
  for (const name of schema.required ?? []) {
    out.push({
      label: `missing ${name}`,
      apply: (b) => {
        const copy = { ...b };
        delete copy[name];
        return copy;
      },
    });
  }
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    for (const { label, value } of valueBreakers(prop)) out.push({ label: `${name}: ${label}`, apply: (b) => ({ ...b, [name]: value }) });
  }
  return out;
}

export type QueryParam = { name: string; schema: JsonSchema; required?: boolean };

/** Query-string values (always text) that no schema of the parameter accepts. */
export function queryBreakers(params: QueryParam[]): { label: string; apply: (q: Record<string, string>) => Record<string, string> }[] {
  const out: { label: string; apply: (q: Record<string, string>) => Record<string, string> }[] = [];
  for (const { name, schema: s, required } of params) {
    const add = (label: string, value: string | undefined) =>
      out.push({
        label: `${name}: ${label}`,
        apply: (q) => {
          const copy = { ...q };
          if (value === undefined) delete copy[name];
          else copy[name] = value;
          return copy;
        },
      });
    if (required) add('missing', undefined);
    if (s.anyOf || s.oneOf) continue;
    if (s.type === 'integer' || s.type === 'number') {
      add('not a number', 'abc');
      add('huge', '9'.repeat(40));
      if (s.type === 'integer') add('fraction', '1.5');
      if (typeof s.minimum === 'number') add('below minimum', String(s.minimum - 1));
    }
    if (s.enum?.every((v) => typeof v === 'string')) add('not in enum', 'NOT_IN_ENUM_Ω');
    if (typeof s.maxLength === 'number') add('over maxLength', '৳'.repeat(s.maxLength + 1));
  }
  return out;
}

/** Any body at all for an object schema: each declared property hostile or absent, plus strays. */
export function noiseBody(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema.properties ?? {});
  const base = fc.record(Object.fromEntries(names.map((n) => [n, hostileValue])), { requiredKeys: [] });
  return fc
    .tuple(base, fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', 'memberId', 'isAdmin'), hostileValue, { maxKeys: 2 }))
    .map(([a, b]) => ({ ...b, ...a }));
}

export function noiseQuery(params: QueryParam[]): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(hostileString, hostileNumber.map(String));
  return fc
    .record(Object.fromEntries(params.map((p) => [p.name, value])), { requiredKeys: [] })
    .map((q) => Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)));
}

/** Random bytes that are never valid JSON (the first byte is 0xff). */
export const junkBytes: fc.Arbitrary<Buffer> = fc
  .uint8Array({ minLength: 0, maxLength: 2048 })
  .map((a) => Buffer.concat([Buffer.from([0xff]), Buffer.from(a)]));

/** An arbitrary of values the schema accepts (best effort: the first variant of a union, regex patterns via fast-check). */
export function validValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const variant = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (variant) return validValue(variant);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = [s.type ?? (s.properties ? 'object' : 'string')].flat()[0];
  if (type === 'object') {
    const props = Object.entries(s.properties ?? {}).filter(([n]) => (s.required ?? []).includes(n));
    return fc.record(Object.fromEntries(props.map(([n, p]) => [n, validValue(p)])));
  }
  if (type === 'array') return fc.array(validValue(s.items ?? {}), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, 2) });
  if (type === 'integer' || type === 'number') {
    const min = Math.max(Math.ceil(s.minimum ?? 1), -1_000_000);
    return fc.integer({ min, max: Math.max(min, Math.floor(Math.min(s.maximum ?? min + 1000, min + 1_000_000))) });
  }
  if (type === 'boolean') return fc.boolean();
  if (s.pattern) {
    try {
      const max = s.maxLength;
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => (max === undefined || v.length <= max) && v.length >= (s.minLength ?? 0));
    } catch {
      // fall through: a pattern fast-check cannot generate from
    }
  }
  const minLength = Math.max(s.minLength ?? 1, 1);
  return fc.string({
    minLength,
    maxLength: Math.max(minLength, Math.min(s.maxLength ?? 12, 12)),
    unit: fc.constantFrom(...'abcdefgh2345'),
  });
}
