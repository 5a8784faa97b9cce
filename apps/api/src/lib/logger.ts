/**
 * The part of pino's (Fastify's) logger a domain module writes to. A module takes a `Logger` among its deps, so a
 * job or a script passes any logger (pino, console-like, a test spy) and the module never imports Fastify.
 */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
