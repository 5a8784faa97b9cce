/**
 * The part of the published OpenAPI document (GET /api/docs/json) that the route tests read, as a zod schema: a
 * test reads it typed, and a document that lost a path, an operation or a response's JSON schema fails here
 * with a sentence naming it.
 */
import { z } from 'zod';
import { defined } from './helper.js';

const Operation = z.object({
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  responses: z.record(
    z.string(),
    z.object({
      content: z
        .record(
          z.string(),
          z.object({ schema: z.object({ properties: z.record(z.string(), z.unknown()).optional() }) }),
        )
        .optional(),
    }),
  ),
});
export type Operation = z.infer<typeof Operation>;

export const OpenApiDocument = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), Operation)),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

/** The operation of `method` (lower case, as the document names it) on `path`. */
export function operationOf(doc: OpenApiDocument, path: string, method: string): Operation {
  return defined(doc.paths[path]?.[method], `${method.toUpperCase()} ${path} in the OpenAPI document`);
}

/** The property names of an operation's JSON answer for `status`. */
export function responseFields(operation: Operation, status = '200'): string[] {
  const schema = operation.responses[status]?.content?.['application/json']?.schema;
  return Object.keys(defined(schema?.properties, `the properties of the ${status} answer's JSON schema`));
}
