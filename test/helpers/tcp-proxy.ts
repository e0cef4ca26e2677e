/**
 * A TCP proxy in front of the test PostgreSQL whose network the tests can cut: every connection at
 * once (`cut`), or one mid-stream once a client has sent some bytes (`cutAfter`), and refuse new
 * connections while "down" — what a flaky network or a laptop closing its lid does to a push.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Destroy every open connection now (both sides). */
  cut(): void;
  /** Destroy a connection as soon as its client has sent more than `bytes` (counted from now); once. */
  cutAfter(bytes: number): Promise<void>;
  /** While down, new connections are dropped at once. */
  down(): void;
  up(): void;
  /** Connections cut so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

export async function startProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let isDown = false;
  let cuts = 0;
  let trigger: { left: number; done: () => void } | undefined;
  const kill = (pair: [Socket, Socket]) => {
    pair[0].destroy();
    pair[1].destroy();
    if (pairs.delete(pair)) cuts++;
  };
  const server: Server = createServer((client) => {
    if (isDown) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ port: targetPort, host: targetHost });
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (trigger) {
        trigger.left -= chunk.length;
        if (trigger.left <= 0) {
          const t = trigger;
          trigger = undefined;
          // Part of the chunk reaches the server, the rest never does: a cut in the middle of a statement.
          upstream.write(chunk.subarray(0, Math.max(0, chunk.length + t.left - 1)), () => kill(pair));
          t.done();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      if (pairs.has(pair)) {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      }
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    cut() {
      for (const p of [...pairs]) kill(p);
    },
    cutAfter(bytes: number) {
      return new Promise<void>((done) => (trigger = { left: bytes, done }));
    },
    down() {
      isDown = true;
    },
    up() {
      isDown = false;
    },
    get cuts() {
      return cuts;
    },
    async close() {
      for (const p of [...pairs]) kill(p);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
