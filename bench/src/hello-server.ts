/**
 * The yardstick: a bare Fastify hello-world in a process of its own (not the load generator's, not the API's).
 * Prints {"hello": port} once it listens.
 */
import Fastify from 'fastify';

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ host: '127.0.0.1', port: 0 });
const address = hello.server.address();
console.info(JSON.stringify({ hello: typeof address === 'object' && address ? address.port : 0 }));
const close = async () => {
  await hello.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
