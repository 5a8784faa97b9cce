/**
 * Where the API's log lines go when it runs as a server (server.ts): standard output through a buffered,
 * asynchronous writer. Pino's default writer hands every batch of lines to libuv's thread pool as soon as the last
 * write is done, which under load is a hand-off (and a thread wake-up) every few requests; buffering up to 4 KB
 * (about 25 access lines) before a write, and at least every 250 ms when traffic is light, cuts that to one per
 * ~25 requests. Pino writes out what is buffered when the process exits, also on a crash, so no line
 * is lost to the buffer; a line reaches the terminal at most 250 ms late.
 * @see https://getpino.io/#/docs/asynchronous
 */
import pino from 'pino';

export const LOG_BUFFER_BYTES = 4096;
export const LOG_FLUSH_EVERY_MS = 250;

export function bufferedStdout(): pino.DestinationStream {
  return pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_EVERY_MS,
  });
}
