/**
 * How a response body becomes JSON (docs/decisions/0029).
 *
 * Every route declares its responses as zod schemas (packages/contracts). Checking each body against its schema
 * (zod's encode) costs a fifth of a cheap route's time, so only development and tests pay for it:
 * - `serialize` (production, NODE_ENV=production or RESPONSE_CHECKS=serialize): fast-json-stringify compiled from
 *   the schema's JSON Schema. It writes only the declared properties, so a field a handler leaks by mistake (a
 *   password hash on a user row) is still left out, as zod's parse would leave it out.
 * - `validate` (everywhere else): zod checks the body, as fastify-type-provider-zod does, and a body that breaks its
 *   contract is a 500 logged with the issues. The same body is then also written by the production serializer and
 *   the two must agree: the whole test suite thereby proves that what production sends is what the contract says.
 * Both are compiled lazily, on a route's first answer with that status.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type ResponseChecks = 'validate' | 'serialize';

type Schema = z.ZodType | { properties: z.ZodType };

const zodOf = (schema: Schema): z.ZodType => ('properties' in schema ? schema.properties : schema);

/**
 * fast-json-stringify from the zod schema's JSON Schema as sent: the encoded ("input") side, which is what zod's
 * encode writes. Draft 7, the draft fast-json-stringify reads.
 */
export function compileProductionSerializer(schema: Schema): (data: unknown) => string {
  const json = z.toJSONSchema(zodOf(schema), { io: 'input', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

/** Thrown in `validate` mode when the production serializer would send something else than the contract says. */
export class SerializerMismatchError extends Error {
  constructor(method: string, url: string, validated: string, produced: string) {
    super(
      `${method} ${url}: the production serializer writes ${produced.slice(0, 300)} where the contract writes ${validated.slice(0, 300)}`,
    );
    this.name = 'SerializerMismatchError';
  }
}

/** Objects compared by their keys' values, not their order (fast-json-stringify orders keys by the schema). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function responseSerializerCompiler(mode: ResponseChecks): FastifySerializerCompiler<Schema> {
  const validating = createSerializerCompiler();
  return (route) => {
    let production: ((data: unknown) => string) | undefined;
    const serialize = (data: unknown) => (production ??= compileProductionSerializer(route.schema))(data);
    if (mode === 'serialize') return serialize;
    const validate = validating(route);
    return (data) => {
      const validated = validate(data);
      const produced = serialize(data);
      if (!sameJson(JSON.parse(validated), JSON.parse(produced))) {
        throw new SerializerMismatchError(route.method, route.url, validated, produced);
      }
      return validated;
    };
  };
}
