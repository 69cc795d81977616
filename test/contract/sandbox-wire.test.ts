// The sandbox's dialects of the wire, over raw HTTP (no client that would decode or retry for us): a
// burst limit (throttled), compression nobody asked for (compressed), a flaky gateway (gateway). Each
// answers the same data as standard once the wire's own habits are undone.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_FAILS_EVERY } from '../../src/sandbox/dialects/gateway.js';
import { THROTTLE_EVERY } from '../../src/sandbox/dialects/throttled.js';
import { type DialectName, type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(sandbox: RunningSandbox, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const url = new URL(sandbox.url + path);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: { 'X-API-Key': sandbox.demoKey, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const PATH = '/v1/rankings?role=faux_9&league=Ligue%201&limit=3';
const started: RunningSandbox[] = [];
const open = async (dialect?: DialectName, now?: () => Date) => {
  const sandbox = await startSandbox({ port: 0, ...(dialect ? { dialect } : {}), ...(now ? { now } : {}) });
  started.push(sandbox);
  return sandbox;
};

let standardText: string;

beforeAll(async () => {
  standardText = (await get(await open(), PATH)).body.toString();
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

describe('compressed', () => {
  it('compresses every answer with gzip, br and deflate in turn, unasked, errors included', async () => {
    const sandbox = await open('compressed');
    const decoders: Record<string, (b: Buffer) => Buffer> = {
      gzip: gunzipSync,
      br: brotliDecompressSync,
      deflate: inflateSync,
    };
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const answer = await get(sandbox, PATH);
      const coding = String(answer.headers['content-encoding']);
      seen.add(coding);
      expect(decoders[coding]?.(answer.body).toString()).toBe(standardText);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect([...seen].sort()).toEqual(['br', 'deflate', 'gzip']);
    const missing = await get(sandbox, '/v1/players/p00000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeDefined();
  });
});

describe('gateway', () => {
  it('fails the first try of every 4th request with an HTML 502 outside the quota; the retry goes through', async () => {
    const sandbox = await open('gateway');
    const answers: Raw[] = [];
    for (let i = 0; i < GATEWAY_FAILS_EVERY * 2; i++) answers.push(await get(sandbox, `${PATH}&n=${i}`));
    const failed = answers.flatMap((a, i) => (a.status === 502 ? [i] : []));
    expect(failed).toEqual([1, 1 + GATEWAY_FAILS_EVERY]);
    const page = answers[1] as Raw;
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.toString()).toContain('502 Bad Gateway');
    expect(page.headers['x-ratelimit-remaining']).toBeUndefined();
    const again = await get(sandbox, `${PATH}&n=1`);
    expect(again.status).toBe(200);
    // Six requests reached the API (the two pages did not), and the retry is the seventh.
    expect(again.headers['x-ratelimit-remaining']).toBe(String(2500 - 7));
  });

  it('passes JSON on as text/plain with a BOM, the reset in basic ISO 8601', async () => {
    const sandbox = await open('gateway');
    const answer = await get(sandbox, PATH);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect([...answer.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.body.subarray(3).toString()).toBe(standardText);
    expect(answer.headers['x-ratelimit-reset']).toMatch(/^\d{8}T\d{6}Z$/);
  });
});

describe('throttled', () => {
  it('answers every 5th request 429 with an HTTP-date Retry-After, the quota untouched', async () => {
    const sandbox = await open('throttled');
    const answers: Raw[] = [];
    for (let i = 0; i < THROTTLE_EVERY * 2; i++) answers.push(await get(sandbox, `${PATH}&n=${i}`));
    const limited = answers.flatMap((a, i) => (a.status === 429 ? [i] : []));
    expect(limited).toEqual([THROTTLE_EVERY - 1, THROTTLE_EVERY * 2 - 1]);
    const burst = answers[THROTTLE_EVERY - 1] as Raw;
    const retryAt = Date.parse(String(burst.headers['retry-after']));
    const served = Date.parse(String(burst.headers.date));
    expect(String(burst.headers['retry-after'])).toMatch(/GMT$/);
    expect(retryAt - served).toBeGreaterThanOrEqual(0);
    expect(retryAt - served).toBeLessThanOrEqual(2000);
    // The quota shows what it showed before: the 429 was not counted.
    expect(burst.headers['x-ratelimit-remaining']).toBe(String(2500 - (THROTTLE_EVERY - 1)));
    expect(JSON.parse(burst.body.toString()).error).toMatchObject({ status: 429, code: 'rate_limited' });
  });

  it('refuses the same request sent again before the date, and lets it through after', async () => {
    // The sandbox's clock, moved by the test: on the wall clock the date may be a few ms ahead (the next
    // whole second), which a busy machine can pass before the request is sent again.
    let clock = Date.parse('2026-11-29T12:00:00.990Z');
    const sandbox = await open('throttled', () => new Date(clock));
    for (let i = 0; i < THROTTLE_EVERY - 1; i++)
      expect((await get(sandbox, `${PATH}&n=${i}`)).status).toBe(200);
    const path = `${PATH}&n=last`;
    const burst = await get(sandbox, path);
    expect(burst.status).toBe(429);
    clock += 9;
    const early = await get(sandbox, path);
    expect(early.status).toBe(429);
    expect(early.headers['retry-after']).toBe(burst.headers['retry-after']);
    clock = Date.parse(String(burst.headers['retry-after']));
    expect((await get(sandbox, path)).status).toBe(200);
  });
});
