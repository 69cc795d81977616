// Upstream bodies as they come: compressed (asked or not), under any content type, with a byte-order
// mark or another charset; the byte cap holds for the decoded size; what cannot be decoded is said
// without blaming the base URL.
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiError, BadResponseError, TooLargeError, UpstreamServerError } from '../../src/api/errors.js';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { errorText } from '../../src/mcp/result.js';
import { clientFor, rejectionOf, useMockUpstream } from './helpers.js';

const leagues = { path: '/v1/leagues', method: 'GET' } as const;
const ANSWER = { data: [{ name: 'Ligue 1' }, { name: 'Süper Lig' }, { name: 'Primera División' }] };
const TEXT = JSON.stringify(ANSWER);
const logger = createLogger('silent');

const upstream = useMockUpstream();

const names = (data: unknown) => (data as typeof ANSWER).data.map((l) => l.name);

describe('compressed answers', () => {
  it('asks for exactly what it decodes: gzip, deflate, br', async () => {
    upstream.pool.intercept(leagues).reply(200, TEXT);
    await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(upstream.sent[0]?.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  const codings: [string, (b: Buffer) => Buffer][] = [
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['br', brotliCompressSync],
    ['deflate', deflateSync],
    ['deflate', deflateRawSync],
    ['GZIP', gzipSync],
  ];
  it.each(codings)('decodes %s (%#)', async (coding, compress) => {
    upstream.pool
      .intercept(leagues)
      .reply(200, compress(Buffer.from(TEXT)), { headers: { 'content-encoding': coding } });
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(names(result.data)).toEqual(['Ligue 1', 'Süper Lig', 'Primera División']);
  });

  it('decodes layers in the order applied (gzip then br)', async () => {
    const body = brotliCompressSync(gzipSync(Buffer.from(TEXT)));
    upstream.pool.intercept(leagues).reply(200, body, { headers: { 'content-encoding': 'gzip, br' } });
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(names(result.data)).toHaveLength(3);
  });

  const bombs: [string, (b: Buffer) => Buffer][] = [
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
    ['deflate', deflateSync],
    ['deflate', deflateRawSync],
  ];
  it.each(bombs)(
    'a %s zip bomb is a TooLargeError once the decoded bytes pass the cap, not retried (%#)',
    async (coding, compress) => {
      const bomb = compress(Buffer.alloc(8 * 1024 * 1024, 0x20));
      expect(bomb.length).toBeLessThan(64 * 1024);
      upstream.pool
        .intercept(leagues)
        .reply(200, bomb, { headers: { 'content-encoding': coding } })
        .times(3);
      const error = await rejectionOf(
        clientFor(upstream, { maxBodyBytes: 1024 * 1024 }).call('leagues', LeaguesResponse),
      );
      expect(error).toBeInstanceOf(TooLargeError);
      expect(upstream.sent).toHaveLength(1);
    },
  );

  it('an unknown coding is said as such, not as "not JSON" nor as a wrong base URL', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(200, Buffer.from([1, 2, 3]), { headers: { 'content-encoding': 'zstd' } });
    const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(BadResponseError);
    const text = errorText(error, logger);
    expect(text).toContain('"zstd"');
    expect(text).not.toMatch(/not JSON|BASE_URL/);
  });

  it('a corrupt gzip body is said as such', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(200, Buffer.from('definitely not gzip'), { headers: { 'content-encoding': 'gzip' } });
    const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect((error as ApiError).message).toMatch(/the API sent a corrupt gzip body/);
  });

  it("a compressed gateway error page is retried, and the API's compressed answer read", async () => {
    const page = gzipSync(Buffer.from('<html><body><h1>502 Bad Gateway</h1></body></html>'));
    upstream.pool.intercept(leagues).reply(502, page, {
      headers: { 'content-encoding': 'gzip', 'content-type': 'text/html' },
    });
    upstream.pool
      .intercept(leagues)
      .reply(200, brotliCompressSync(Buffer.from(TEXT)), { headers: { 'content-encoding': 'br' } });
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(names(result.data)).toHaveLength(3);
  });
});

describe('JSON under any content type and charset', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  const types = ['text/plain', 'application/vnd.api+json', 'text/html; charset=utf-8', undefined];
  it.each(types)('reads JSON sent as %s, with a UTF-8 BOM', async (type) => {
    upstream.pool
      .intercept(leagues)
      .reply(200, Buffer.concat([BOM, Buffer.from(TEXT)]), { headers: type ? { 'content-type': type } : {} });
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(names(result.data)).toEqual(['Ligue 1', 'Süper Lig', 'Primera División']);
  });

  it('reads UTF-16 with its BOM, and without one', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]);
    upstream.pool.intercept(leagues).reply(200, le);
    upstream.pool.intercept(leagues).reply(200, Buffer.from(TEXT, 'utf16le'));
    const client = clientFor(upstream);
    expect(names((await client.call('leagues', LeaguesResponse)).data)).toContain('Süper Lig');
    expect(names((await client.call('leagues', LeaguesResponse, { fresh: true })).data)).toContain(
      'Primera División',
    );
  });

  it('reads Latin-1 bytes by their declared charset, not as broken UTF-8', async () => {
    upstream.pool.intercept(leagues).reply(200, Buffer.from(TEXT, 'latin1'), {
      headers: { 'content-type': 'application/json; charset=ISO-8859-1' },
    });
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(names(result.data)).toEqual(['Ligue 1', 'Süper Lig', 'Primera División']);
  });

  it('valid UTF-8 mislabelled as ISO-8859-1 is still read as UTF-8', async () => {
    upstream.pool.intercept(leagues).reply(200, Buffer.from(TEXT), {
      headers: { 'content-type': 'text/plain; charset=ISO-8859-1' },
    });
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(names(result.data)).toContain('Süper Lig');
  });

  it('an HTML page on a 200 still points at the base URL, naming what came', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(200, '<!doctype html><title>Welcome</title>', { headers: { 'content-type': 'text/html' } });
    const error = await rejectionOf(clientFor(upstream).call('leagues', z.looseObject({})));
    const text = errorText(error, logger);
    expect(text).toContain('text/html');
    expect(text).toContain('FOOTBALL_API_BASE_URL');
  });

  it('a gateway 5xx that does not carry the usual gateway status is still a gateway failure', async () => {
    upstream.pool.intercept(leagues).reply(500, '<html>oops</html>').times(3);
    const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(UpstreamServerError);
    expect((error as UpstreamServerError).gateway).toBe(true);
  });
});
