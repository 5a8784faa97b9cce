/**
 * The hottest answers (the quote, the shipping estimate) are built from typed values by our own code and their
 * shapes are tested against the contract, so they are sent as ready JSON instead of going through the per-route
 * response serializer. Fastify names no Content-Type for a reply that has its own serializer, so it
 * is named here: without it a client (or a proxy) sees an untyped body, and `nosniff` forbids guessing.
 */
import type { FastifyReply } from 'fastify';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function sendReadyJson(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).serializer(JSON.stringify).send(body);
}
