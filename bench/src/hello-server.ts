/**
 * The yardsticks, each a bare Fastify (no hooks, no logger) in a process of its own (not the load generator's, not
 * the API's). Prints {"hello": port} once it listens.
 * - `hello-server.ts`: the hello-world baseline, GET / answering {"hello":"world"}.
 * - `hello-server.ts post`: POST / reading a JSON body and answering the JSON in BENCH_POST_ANSWER, the quote's own
 *   answer: what any POST route of the same size costs in Fastify before it does any work (the quote's floor).
 */
import Fastify from 'fastify';

const hello = Fastify();
if (process.argv[2] === 'post') {
  const answer: unknown = JSON.parse(process.env.BENCH_POST_ANSWER ?? '{}');
  // Fastify reads and parses the JSON body before any handler runs, as it does for the quote.
  hello.post('/', async () => answer);
} else {
  hello.get('/', async () => ({ hello: 'world' }));
}
await hello.listen({ host: '127.0.0.1', port: 0 });
const address = hello.server.address();
console.info(JSON.stringify({ hello: typeof address === 'object' && address ? address.port : 0 }));
const close = async () => {
  await hello.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
