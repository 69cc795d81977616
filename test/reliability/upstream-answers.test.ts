// The built server, hosted over HTTP, survives any single upstream answer: a body in a coding it cannot
// decode (zstd), gzipped four times over, a 503 page compressed as `compress`, a body whose declared length
// is one byte over --max-upstream-bytes, a corrupt gzip body in many chunks. Each one ends as the tool's
// error, and the same process answers the next call from a sound answer.
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, httpClient, spawnHttpServer, stop, textOf } from '../support/mcp.js';

const CAP = 1024;
const LEAGUES = Buffer.from(JSON.stringify({ data: [{ id: 'l1', name: 'Ligue 1', country: 'France' }] }));

type Answer = (res: ServerResponse) => void;

/** Writes the body in `chunks` parts, each flushed before the next. */
function chunked(status: number, headers: Record<string, string>, body: Buffer, chunks = 1): Answer {
  return (res) => {
    res.writeHead(status, headers);
    const size = Math.ceil(body.length / chunks);
    let at = 0;
    // The client may let go of the body before its end: the rest is then not written.
    res.on('error', () => undefined);
    const next = () => {
      if (at >= body.length || res.destroyed) return void res.end();
      const part = body.subarray(at, at + size);
      at += size;
      res.write(part, (error) => (error ? undefined : setImmediate(next)));
    };
    next();
  };
}

const gzipTimes = (body: Buffer, times: number) => {
  let out = body;
  for (let i = 0; i < times; i++) out = gzipSync(out);
  return out;
};

const BAD: [name: string, answer: Answer, said: RegExp][] = [
  ['a 200 in zstd', chunked(200, { 'content-encoding': 'zstd' }, Buffer.alloc(200, 7)), /"zstd"/],
  [
    'a 200 gzipped four times',
    chunked(200, { 'content-encoding': 'gzip, gzip, gzip, gzip' }, gzipTimes(LEAGUES, 4)),
    /4 times/,
  ],
  [
    'a 503 page compressed as "compress"',
    chunked(503, { 'content-encoding': 'compress', 'content-type': 'text/html' }, Buffer.alloc(300, 1)),
    /HTTP 503/,
  ],
  [
    `a declared length of ${CAP + 1} bytes over a cap of ${CAP}`,
    chunked(200, { 'content-length': String(CAP + 1) }, Buffer.alloc(CAP + 1, 0x20)),
    /too large \(over 1024 bytes/,
  ],
  [
    'a corrupt gzip body in 9 chunks',
    chunked(200, { 'content-encoding': 'gzip' }, Buffer.from('not gzip at all '.repeat(40)), 9),
    /corrupt gzip body/,
  ],
];

let upstream: Server;
let answer: Answer = (res) => chunked(200, { 'content-type': 'application/json' }, LEAGUES)(res);
let server: { url: string; child: ChildProcess; stderr: () => string };
let client: Client;

beforeAll(async () => {
  upstream = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  server = await spawnHttpServer(
    ['--retries', '0', '--max-upstream-bytes', String(CAP), '--cache-max-entries', '0'],
    {
      FOOTBALL_API_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      FOOTBALL_API_KEY: 'key_answers_0123456789',
    },
  );
  client = await httpClient(server.url, 'upstream-answers');
}, 30_000);

afterAll(async () => {
  await client?.close();
  if (server) await stop(server.child);
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

describe('a hosted server and one bad upstream answer', () => {
  it.each(BAD)(
    '%s: the call fails saying so, and the server answers the next call',
    async (_name, bad, said) => {
      answer = bad;
      const failed = await call(client, 'list_leagues', {});
      expect(failed.isError, textOf(failed)).toBe(true);
      expect(textOf(failed)).toMatch(said);
      answer = chunked(200, { 'content-type': 'application/json' }, LEAGUES);
      const next = await call(client, 'list_leagues', {});
      expect(next.isError, textOf(next)).toBeFalsy();
      expect(textOf(next)).toContain('Ligue 1');
      expect(server.child.exitCode, server.stderr()).toBeNull();
      expect(server.stderr()).not.toMatch(/uncaught exception/);
    },
  );
});
