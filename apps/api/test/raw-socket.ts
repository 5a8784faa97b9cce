/**
 * Raw client connections for the tests of bodies that never finish (docs/decisions/0054): app.inject cannot stall a
 * body, a socket can. Every wait ends on the event it waits for, or fails after its bound.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** What the server wrote, as latin1 text. */
  received: string;
  closed: boolean;
  closedAt: number;
}

/** A raw connection to 127.0.0.1:`port` that records what it reads and when it closes. */
export async function open(port: number, localAddress?: string): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
  const conn = { socket, received: '', closed: false, closedAt: 0 };
  socket.on('data', (chunk: Buffer) => (conn.received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.on('close', () => {
    conn.closed = true;
    conn.closedAt = Date.now();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('closed before it connected')));
  });
  return conn;
}

/** Resolves when the connection closes; fails after `ms` (a limit of the server's that must not have fired). */
export async function closedWithin(conn: { socket: Socket; closed: boolean }, ms: number, what: string) {
  if (conn.closed) return;
  const signal = AbortSignal.timeout(Math.max(1, ms));
  await once(conn.socket, 'close', { signal }).catch(() => {
    throw new Error(`not within ${ms} ms: ${what}`);
  });
}

/** The status and body of the answer the server wrote before closing, if any. */
export function answerOf(received: string): { statusCode: number; body: string } | undefined {
  const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
  if (!status) return undefined;
  return { statusCode: Number(status[1]), body: received.slice(received.indexOf('\r\n\r\n') + 4) };
}
