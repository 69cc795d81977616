// Upstream bodies that cannot be read, over a real loopback connection (a MockAgent's body has no socket
// behind it, so it cannot show what an aborted one does): every one ends as one typed error of the call,
// never as an uncaught exception that would end the process; a corrupt compressed body is named as such
// after one request, whether it came in one chunk or many; a valid bomb of two or three layers is too
// large, not corrupt. The cases are composed (coding × how it is broken × how it is chunked), not listed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { type ApiError, BadResponseError, TooLargeError } from '../../src/api/errors.js';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { errorText } from '../../src/mcp/result.js';
import { sample } from '../support/sample.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base: string;
let handler: Handler = (_req, res) => res.end();
let requests = 0;
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);
const logger = createLogger('silent');

beforeAll(async () => {
  process.on('uncaughtException', recordUncaught);
  server = createServer((req, res) => {
    requests++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.off('uncaughtException', recordUncaught);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  requests = 0;
  uncaught.length = 0;
});

const JSON_TEXT = Buffer.from(JSON.stringify({ data: [{ name: 'Ligue 1' }, { name: 'Serie A' }] }));

/** Sends `body` in `chunks` writes, each flushed before the next, with `headers`. */
function answer(status: number, headers: Record<string, string>, body: Buffer, chunks = 1): Handler {
  return (_req, res) => {
    res.writeHead(status, headers);
    const size = Math.max(1, Math.ceil(body.length / chunks));
    const parts: Buffer[] = [];
    for (let at = 0; at < body.length; at += size) parts.push(body.subarray(at, at + size));
    // The client may let go of the body before its end: the rest is then not written.
    res.on('error', () => undefined);
    const next = () => {
      const part = parts.shift();
      if (part === undefined || res.destroyed) return void res.end();
      res.write(part, (error) => (error ? undefined : setImmediate(next)));
    };
    next();
  };
}

/** The call's failure, once the connection it used is gone and any error it left behind has surfaced. */
async function failure(options: { cap?: number; retries?: number } = {}): Promise<ApiError> {
  const api = new ApiClient({
    baseUrl: `${base}/v1`,
    apiKey: 'key_failures_1234',
    retries: options.retries ?? 2,
    retryBaseMs: 1,
    ...(options.cap !== undefined ? { maxBodyBytes: options.cap } : {}),
  });
  let error: unknown;
  try {
    await api.call('leagues', LeaguesResponse);
  } catch (caught) {
    error = caught;
  }
  await api.close();
  // undici emits an aborted body's error on a later turn of the event loop: give it a few.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  expect(uncaught, 'an uncaught exception would have ended the process').toEqual([]);
  if (error === undefined) throw new Error('expected the call to fail');
  return error as ApiError;
}

const CODERS: Record<string, (b: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  'deflate (raw)': deflateRawSync,
  br: brotliCompressSync,
};
const codingOf = (name: string) => name.split(' ')[0] as string;

describe('answers that used to end the process', () => {
  it.each([
    ['a 200 compressed as zstd', 200, 'zstd', /"zstd"/],
    ['a 200 compressed as x-custom', 200, 'x-custom', /"x-custom"/],
    ['a 200 gzipped four times', 200, 'gzip, gzip, gzip, gzip', /4 times/],
  ])('%s is a plain error naming the coding, after one request', async (_name, status, coding, named) => {
    let body = JSON_TEXT;
    if (coding.startsWith('gzip')) for (const _ of coding.split(',')) body = gzipSync(body);
    handler = answer(status, { 'content-encoding': coding, 'content-type': 'application/json' }, body);
    const error = await failure();
    expect(error).toBeInstanceOf(BadResponseError);
    expect(errorText(error, logger)).toMatch(named);
    expect(requests).toBe(1);
  });

  it('a 503 page compressed as "compress" is the API failing, not a crash', async () => {
    handler = answer(
      503,
      { 'content-encoding': 'compress', 'content-type': 'text/html' },
      Buffer.alloc(64, 1),
    );
    const error = await failure();
    expect(error.kind).toBe('server');
    expect(error.status).toBe(503);
  });

  it('a declared length one byte over the cap is refused before reading (1 025 bytes, cap 1 024)', async () => {
    handler = answer(
      200,
      { 'content-length': '1025', 'content-type': 'application/json' },
      Buffer.alloc(1025, 0x20),
    );
    const error = await failure({ cap: 1024 });
    expect(error).toBeInstanceOf(TooLargeError);
    expect((error as TooLargeError).declaredBytes).toBe(1025);
    expect(errorText(error, logger)).toContain('too large (over 1024 bytes, --max-upstream-bytes');
    expect(requests).toBe(1);
  });
});

/** Ways a compressed body is broken: garbage, a valid stream with bytes flipped inside, a valid one cut. */
const BREAKS: Record<string, (valid: Buffer) => Buffer> = {
  garbage: () => Buffer.from('this is definitely not a compressed stream, nor anything else'.repeat(40)),
  flipped: (valid) => {
    const copy = Buffer.from(valid);
    for (let i = Math.floor(copy.length / 3); i < copy.length - 8; i += 7) copy[i] = (copy[i] ?? 0) ^ 0xa5;
    return copy;
  },
  'cut short': (valid) => valid.subarray(0, Math.floor(valid.length / 2)),
};

describe('a corrupt compressed body', () => {
  const large = Buffer.from(
    JSON.stringify({ data: Array.from({ length: 400 }, (_, i) => ({ name: `League ${i}` })) }),
  );
  const cases = Object.keys(CODERS).flatMap((coder) =>
    Object.keys(BREAKS).flatMap((broken) => [1, 7].map((chunks) => [coder, broken, chunks] as const)),
  );
  it.each(cases)(
    '%s, %s, in %i chunk(s): "the API sent a corrupt … body", one request',
    async (coder, broken, chunks) => {
      const body = (BREAKS[broken] as (b: Buffer) => Buffer)((CODERS[coder] as (b: Buffer) => Buffer)(large));
      handler = answer(
        200,
        { 'content-encoding': codingOf(coder), 'content-type': 'application/json' },
        body,
        chunks,
      );
      const error = await failure();
      expect(error).toBeInstanceOf(BadResponseError);
      expect(errorText(error, logger)).toContain(`the API sent a corrupt ${codingOf(coder)} body`);
      expect(errorText(error, logger)).toMatch(/one request, which counts against the daily quota/);
      expect(requests).toBe(1);
    },
  );
});

describe('a valid bomb of two or three layers', () => {
  const CAP = 64 * 1024;
  const plain = Buffer.alloc(1024 * 1024, 0x20);
  const names = Object.keys(CODERS);
  const stacks = names.flatMap((a) => names.flatMap((b) => [[a, b], ...names.map((c) => [a, b, c])]));
  const drawn = sample('bomb layer stacks', stacks, 12);
  it.each(drawn.map((stack) => [stack.join(' + '), stack] as const))(
    '%s is too large, not corrupt, after one request',
    async (_name, stack) => {
      let body: Buffer = plain;
      for (const coder of stack) body = (CODERS[coder] as (b: Buffer) => Buffer)(body);
      const coding = stack.map(codingOf).join(', ');
      handler = answer(200, { 'content-encoding': coding, 'content-type': 'application/json' }, body, 3);
      const error = await failure({ cap: CAP });
      expect(error, `${coding}: ${error.message}`).toBeInstanceOf(TooLargeError);
      expect(errorText(error, logger)).toContain(`too large (over ${CAP} bytes, --max-upstream-bytes`);
      expect(requests).toBe(1);
    },
  );
});

describe('a header flood', () => {
  it('10 000 headers are named as such, after one request, not "could not be reached"', async () => {
    let count = 0;
    const flood = createTcpServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => {
        count++;
        let head = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n';
        for (let i = 0; i < 10_000; i++) head += `x-flood-${i}: ${i}\r\n`;
        socket.end(`${head}\r\n{}`);
      });
    });
    await new Promise<void>((resolve) => flood.listen(0, '127.0.0.1', resolve));
    const api = new ApiClient({
      baseUrl: `http://127.0.0.1:${(flood.address() as AddressInfo).port}/v1`,
      apiKey: 'key_failures_1234',
      retryBaseMs: 1,
    });
    try {
      const error = await api.call('leagues', LeaguesResponse).catch((caught: unknown) => caught as ApiError);
      const text = errorText(error, logger);
      expect(text).toMatch(/header flood/);
      expect(text).not.toMatch(/could not be reached/);
      expect(count).toBe(1);
    } finally {
      await api.close();
      await new Promise<void>((resolve) => flood.close(() => resolve()));
    }
  });
});
