// A small HTTP proxy in front of the sandbox that can refuse or hold chosen requests: how tests
// make one upstream route fail, or stay pending until the client hangs up.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);

/**
 * Pass on, hold open, answer `status` (with `body` and `headers`, or a JSON error), pass on to another
 * path (and may reshape its answer), or pass on and `reshape` the JSON of a 200 answer.
 */
export type Rule =
  | 'pass'
  | 'hold'
  | { status: number; body?: string; headers?: Record<string, string> }
  | { forward: string; reshape?: (body: unknown) => unknown }
  | { reshape: (body: unknown) => unknown };

export interface TestProxy {
  url: string;
  /** Paths of held requests, and how many of them the client has closed. */
  held: string[];
  closed: () => number;
  close(): Promise<void>;
}

/**
 * `rule` decides by the request's path and query, and its body (read whole first; '' when none).
 * `target`: the upstream's address, or a function giving it at each request (an upstream that moves on).
 */
export async function startProxy(
  target: string | (() => string),
  rule: (path: string, body: string) => Rule,
): Promise<TestProxy> {
  const held: string[] = [];
  let closed = 0;
  const server: Server = createServer((req, res) => {
    // A request the client gave up on while its body was read: nothing to answer.
    void bodyOf(req).then(
      (body) => answer(req, res, body),
      () => res.destroy(),
    );
  });
  function answer(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const path = req.url ?? '/';
    const decision = rule(path, body.toString());
    if (decision === 'hold') {
      held.push(path);
      res.once('close', () => {
        closed += 1;
      });
      return;
    }
    if (decision !== 'pass' && 'status' in decision) {
      res.writeHead(decision.status, { 'content-type': 'application/json', ...decision.headers });
      res.end(
        decision.body ??
          JSON.stringify({ error: { status: decision.status, code: 'refused_by_test_proxy' } }),
      );
      return;
    }
    const reshape = decision !== 'pass' && 'reshape' in decision ? decision.reshape : undefined;
    const to = decision !== 'pass' && 'forward' in decision ? decision.forward : path;
    void forward(typeof target === 'string' ? target : target(), req, to, body).then(
      async (upstream) => {
        const headers = Object.fromEntries([...upstream.headers].filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(upstream.status, headers);
        const body = Buffer.from(await upstream.arrayBuffer());
        res.end(
          reshape && upstream.status === 200 ? JSON.stringify(reshape(JSON.parse(body.toString()))) : body,
        );
      },
      () => {
        res.writeHead(502).end();
      },
    );
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    closed: () => closed,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function forward(target: string, req: IncomingMessage, path: string, body: Buffer): Promise<Response> {
  const headers: Record<string, string> = {};
  for (const name of ['x-api-key', 'content-type', 'accept']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return fetch(`${target}${path}`, {
    method: req.method ?? 'GET',
    headers,
    ...(body.length > 0 ? { body } : {}),
  });
}
