// A scripted stand-in for an LLM provider's HTTP API on 127.0.0.1: records every request and answers
// each with the next scripted behaviour (the last one repeats). A `hang` never answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour =
  | { readonly status: number; readonly json: unknown; readonly headers?: Record<string, string> }
  | { readonly status: number; readonly text: string; readonly headers?: Record<string, string> }
  | { readonly hang: true };

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: any;
}

export interface StandIn {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startStandIn(script: readonly Behaviour[]): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        /* keep the text */
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const b = script[Math.min(next++, script.length - 1)];
      if (!b || 'hang' in b) return; // never answer
      const isJson = 'json' in b;
      const payload = isJson ? JSON.stringify(b.json) : b.text;
      res.writeHead(b.status, {
        'content-type': isJson ? 'application/json' : 'text/plain; charset=utf-8',
        ...b.headers,
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
