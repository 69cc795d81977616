// A hostile or broken upstream over real HTTP: an answer declaring 2 GiB, and a body that never ends.
// The client refuses the first from its headers and cuts the second after about the cap: the process
// neither dies (V8's longest string) nor grows without bound, and the connection is let go.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../src/api/client.js';
import type { ApiError } from '../../src/api/errors.js';

const CAP = 4 * 1024 * 1024;
/** Stops the endless body if the client never does, so a failing run fails instead of exhausting memory. */
const SAFETY_BYTES = 512 * 1024 * 1024;

let server: Server;
let base: string;
const written = new Map<string, number>();
const closed = new Set<string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const name = req.url ?? '';
    written.set(name, 0);
    res.on('close', () => closed.add(name));
    if (name.startsWith('/v1/leagues')) return declared2GiB(res);
    return endless(name, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function declared2GiB(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 ** 3) });
  res.write('{"data":[');
}

function endless(name: string, res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const pump = () => {
    while (!res.destroyed) {
      const sent = (written.get(name) ?? 0) + chunk.length;
      written.set(name, sent);
      if (sent > SAFETY_BYTES) return void res.end();
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
  };
  pump();
}

function client() {
  return new ApiClient({ baseUrl: base, apiKey: 'key_a', maxBodyBytes: CAP, retries: 2, timeoutMs: 10_000 });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

describe('hostile upstream bodies over real HTTP', () => {
  it('an answer declaring 2 GiB is refused from its headers, at once, without a retry', async () => {
    const api = client();
    const started = performance.now();
    const error = await failure(api.call('leagues', z.looseObject({})));
    expect(error.kind).toBe('too_large');
    expect(error.message).toMatch(/declares 2147483648 bytes.*4194304 bytes.*--max-upstream-bytes/);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect([...written.keys()].filter((k) => k.startsWith('/v1/leagues'))).toHaveLength(1);
    await api.close();
  });

  it('an endless body is cut after about the cap; memory stays bounded and the socket is closed', async () => {
    const api = client();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const error = await failure(api.call('enums', z.looseObject({})));
    const ms = performance.now() - started;
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    expect(error.kind).toBe('too_large');
    expect(ms).toBeLessThan(5_000);
    // What the server managed to write: the cap, plus what sockets and stream buffers took ahead.
    const sent = written.get('/v1/enums') ?? 0;
    expect(sent).toBeLessThan(CAP + 16 * 1024 * 1024);
    expect(rssGrowth).toBeLessThan(128 * 1024 * 1024);
    await expect.poll(() => closed.has('/v1/enums'), { timeout: 2_000 }).toBe(true);
    console.info(
      `endless body: cut after ${(ms / 1000).toFixed(2)} s, ${(sent / 2 ** 20).toFixed(1)} MiB written by the server, rss +${(rssGrowth / 2 ** 20).toFixed(1)} MiB`,
    );
    await api.close();
  });
});
