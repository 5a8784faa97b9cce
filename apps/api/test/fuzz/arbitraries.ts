/**
 * fast-check arbitraries generated from a route's zod contracts (docs/decisions/0031), for the fuzz suite
 * (test/fuzz.test.ts). A contract is read through zod's own JSON Schema of its input side (`z.toJSONSchema`, the
 * same view the OpenAPI document gives), so every keyword a contract can carry maps to one case here and a new
 * contract needs nothing new. Two kinds of value:
 * - `validOf`: what the schema admits, boundaries included (fast-check biases towards minimum and maximum), with
 *   the ids the test knows mixed into id fields so that requests get past "not found" into the code behind;
 * - `hostileOf`: a valid value with one part broken — a wrong type, a boundary past the edge, a control character,
 *   a lone surrogate, a huge string, deep JSON, a key dropped or an unknown one added.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { defined } from '../helper.js';

/** JSON Schema as zod writes it: a tree of plain objects (the keywords read here; others pass through). */
interface Schema {
  $ref?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  [keyword: string]: unknown;
}

/**
 * Ids the test owns, offered to id fields (`id`, `order_id`, `pdf_upload_id`…) next to generated values: numbers
 * (projects, orders) and texts (uploads are UUIDs).
 */
export interface KnownIds {
  numbers: readonly number[];
  texts: readonly string[];
}

export function jsonSchemaOf(zodSchema: unknown): Schema | undefined {
  if (!zodSchema) return undefined;
  return z.toJSONSchema(zodSchema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Schema;
}

const INT32_MAX = 2_147_483_647;
const isIdName = (name: string | undefined) => name !== undefined && /(^|_)id$/.test(name);

/** Depth of nesting up to which `validOf` still generates members (`$ref` cycles end here with anything JSON). */
const MAX_DEPTH = 6;

export function validOf(
  schema: Schema,
  root: Schema,
  known: KnownIds,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.$ref) {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Schema | undefined>((node, key) => node?.[key] as Schema | undefined, root);
    return target ? validOf(target, root, known, name, depth + 1) : fc.jsonValue({ maxDepth: 2 });
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validOf(s, root, known, name, depth + 1)));
  if (Array.isArray(schema.allOf))
    return validOf(
      schema.allOf.reduce<Schema>((all, part) => ({ ...all, ...part }), {}),
      root,
      known,
      name,
      depth,
    );
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validOf({ ...schema, type }, root, known, name, depth)));
  }
  const withKnown = (arb: fc.Arbitrary<unknown>, ids: readonly unknown[]) =>
    isIdName(name) && ids.length > 0 ? fc.oneof(arb, fc.constantFrom(...ids)) : arb;
  switch (schema.type) {
    case 'string':
      return withKnown(stringOf(schema, name), [...known.numbers.map(String), ...known.texts]);
    case 'integer': {
      const min = Math.max(
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -INT32_MAX),
        Number.MIN_SAFE_INTEGER,
      );
      const max = Math.min(
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : INT32_MAX),
        Number.MAX_SAFE_INTEGER,
      );
      const inInt32 = fc.integer({ min: Math.max(min, -INT32_MAX - 1), max: Math.min(max, INT32_MAX) });
      // Small values too: catalog ids, page counts and quantities that exist are small numbers.
      const low = Math.max(min, Math.min(0, max));
      const small = fc.integer({ min: low, max: Math.min(max, low + 1000) });
      return withKnown(fc.oneof(small, small, inInt32, fc.constantFrom(min, max)), known.numbers);
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
      const double = fc.double({
        min,
        max,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      });
      // Amounts as people write them (12.34) as well as any double.
      const cents = fc
        .integer({ min: 0, max: 10_000_000 })
        .map((c) => c / 100)
        .filter((n) => n >= min && n <= max);
      return fc.oneof(double, cents);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
      const item = schema.items
        ? validOf(schema.items, root, known, name, depth + 1)
        : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties))
        model[key] = validOf(property, root, known, key, depth + 1);
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      // No type: zod's `unknown`/`any`, or something JSON Schema cannot say (a transform's input).
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: Schema, name: string | undefined): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  const fits = (s: string) =>
    s.length >= minLength && (schema.maxLength === undefined || s.length <= schema.maxLength);
  // Fields whose rules live in a refinement JSON Schema cannot show (an address, a strong password, a decimal).
  if (schema.format === 'email' || /email/.test(name ?? '')) return fc.emailAddress().filter(fits);
  if (/password/.test(name ?? ''))
    return fc
      .string({ unit: 'grapheme', minLength: 4, maxLength: 40 })
      .map((s) => `Aa1!${s}`)
      .filter(fits);
  if (/price|amount/.test(name ?? ''))
    return fc
      .oneof(
        fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2)),
        fc.string({ maxLength: 12 }),
      )
      .filter(fits);
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'uuid') return fc.uuid();
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from: plain text, which the hostile side covers anyway.
    }
  }
  // Any printable text, every script: what people type.
  return fc.string({ unit: 'grapheme', minLength, maxLength }).filter(fits);
}

/** Text no field should take (or must take without harm). */
const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil',
  '\uFEFF',
  '%00',
  '%',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '0',
  '-1',
  '1e309',
  '0x10',
  'NaN',
  'Infinity',
  ' 12',
  '12abc',
  '9007199254740993',
  '2147483648',
  'BND-',
  'BND-0',
  '1969-12-31',
  '2026-02-30',
];

const HOSTILE_NUMBERS = [
  -1,
  0,
  1.5,
  -0,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
];

/** Nested arrays `depth` deep: a parser or a recursive walk must not fall over. */
export const deepArray = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

/** One hostile value: any JSON type, the edges of numbers, control characters, huge and deep values. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_TEXT, ...HOSTILE_NUMBERS, null, true, false, [], {}, [1], ['1'], {
    id: 1,
  }),
  fc.constantFrom(
    'x'.repeat(100_000),
    '\u00e9'.repeat(20_000),
    '\u{1F600}'.repeat(10_000),
    'a\n'.repeat(5_000),
    deepArray(2_000),
    Array.from({ length: 10_000 }, (_, i) => i),
  ),
  // Random text of any code unit: controls, surrogate halves, noncharacters.
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
    minLength: 1,
    maxLength: 5,
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

type Path = (string | number)[];

/** Every place in a JSON value where a part can be replaced, dropped or added (the root is []). */
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...path, i], out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], out);
  return out;
}

type Mutation = 'taint' | 'replace' | 'drop' | 'add';

/**
 * Characters no text field may hold (lib/control-characters.ts), each hidden inside otherwise valid text. NUL most
 * often: PostgreSQL refuses it in text, so it is the one that turned into 500s.
 */
const TAINTS = [
  '\u0000',
  '\u0000',
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000B',
  '\u001B',
  '\u007F',
  '\uD800',
  '\uDFFF',
];

function mutate(value: unknown, path: Path, how: Mutation, hostile: unknown, extraKey: string): unknown {
  if (path.length === 0)
    return how === 'add' && isObject(value) ? { ...value, [extraKey]: hostile } : hostile;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    if (rest.length === 0 && how === 'drop') copy.splice(head as number, 1);
    else copy[head as number] = mutate(copy[head as number], rest, how, hostile, extraKey);
    return copy;
  }
  if (isObject(value)) {
    const copy: Record<string, unknown> = { ...value };
    if (rest.length === 0 && how === 'drop') Reflect.deleteProperty(copy, head as string);
    else copy[head as string] = mutate(copy[head as string], rest, how, hostile, extraKey);
    return copy;
  }
  return hostile;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

/**
 * A valid value with one part broken: most often a control character or lone surrogate hidden in one of its
 * texts (the rest stays valid, so the text reaches the code and the database behind the contract), else one part
 * replaced by a hostile value, dropped, or an unknown key added.
 */
export function hostileOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .record({
      value: valid,
      at: fc.nat(),
      how: fc.constantFrom<Mutation>('taint', 'taint', 'taint', 'replace', 'replace', 'drop', 'add'),
      hostile: hostileValue,
      taint: fc.constantFrom(...TAINTS),
      extraKey: fc.constantFrom(
        '__proto__',
        'constructor',
        'extra',
        'a\u0000b',
        'is_admin',
        'user_id',
        'total_cents',
      ),
    })
    .map(({ value, at, how, hostile, taint, extraKey }) => {
      const paths = pathsOf(value);
      if (how === 'taint') {
        const texts = paths.filter((p) => typeof valueAt(value, p) === 'string');
        if (texts.length > 0) {
          const path = defined(texts[at % texts.length], 'a text path');
          const text = valueAt(value, path) as string;
          const cut = Math.floor(at / texts.length) % (text.length + 1);
          return mutate(value, path, 'replace', `${text.slice(0, cut)}${taint}${text.slice(cut)}`, extraKey);
        }
      }
      return mutate(
        value,
        defined(paths[at % paths.length], 'a path'),
        how === 'taint' ? 'replace' : how,
        hostile,
        extraKey,
      );
    });
}
