/**
 * The access log: one line per answered request, written where Fastify logs a completed request (its
 * LogController), instead of Fastify's pair of "incoming request" and "request completed" lines. Half the bytes
 * and writes to stdout on the hottest path there is, the quote (docs/decisions/0029).
 *
 * The line names the route **pattern**, never the raw URL: paths carry mailed tokens
 * (verify-email/{uid}/{token}) and queries carry what staff searched for (an e-mail address). The request id
 * (reqId) that every line of the request carries ties it to the rest.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class AccessLog extends LogController {
  override incomingRequest(): void {
    // Nothing: the one line is written on completion, with the status and the time taken.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
