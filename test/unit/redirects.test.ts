import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BadResponseError } from '../../src/api/errors.js';
import { DEFAULT_MAX_REDIRECTS as MAX_REDIRECTS, redirectStep } from '../../src/api/redirects.js';
import { tallyRequests } from '../../src/api/request-tally.js';
import { LeaguesResponse, ScoutingResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { errorText } from '../../src/mcp/result.js';
import {
  clientFor,
  JSON_HEADERS,
  KEY,
  mockUpstream,
  ORIGIN,
  rejectionOf,
  useMockUpstream,
} from './helpers.js';

const upstream = useMockUpstream();

const LEAGUES = { data: [{ name: 'Ligue 1', country: 'France' }] };
const History = z.looseObject({});

function redirect(path: string, status: number, location: string, method = 'GET') {
  upstream.pool.intercept({ path, method }).reply(status, '', { headers: { location } });
}

describe('redirects on this upstream', () => {
  it('follows a 307 to the path plus "/" and counts both requests in the run', async () => {
    redirect('/v1/leagues', 307, '/v1/leagues/');
    upstream.pool
      .intercept({ path: '/v1/leagues/', method: 'GET' })
      .reply(200, LEAGUES, { headers: JSON_HEADERS });
    const client = clientFor(upstream);
    const { value, requests } = await tallyRequests(() => client.call('leagues', LeaguesResponse));
    expect(value.data.data).toHaveLength(1);
    expect(requests.sent).toBe(2);
    expect(upstream.sent.map((r) => r.path)).toEqual(['/v1/leagues', '/v1/leagues/']);
    for (const request of upstream.sent) expect(request.headers['x-api-key']).toBe(KEY);
  });

  it('keeps the query on a slash redirect and, once learned, asks every path with the slash', async () => {
    redirect('/v1/players/a/history', 308, `${ORIGIN}/v1/players/a/history/`);
    redirect('/v1/players/b/history', 308, '/v1/players/b/history/');
    for (const id of ['a', 'b', 'a', 'c'])
      upstream.pool
        .intercept({ path: `/v1/players/${id}/history/`, method: 'GET' })
        .reply(200, { data: [] }, { headers: JSON_HEADERS });
    const client = clientFor(upstream);
    for (const id of ['a', 'b']) await client.call('playerHistory', History, { params: { id } });
    // A known path and a new one: both straight to the slash form.
    await client.call('playerHistory', History, { params: { id: 'a' }, fresh: true });
    await client.call('playerHistory', History, { params: { id: 'c' } });
    expect(upstream.sent.map((r) => r.path).slice(4)).toEqual([
      '/v1/players/a/history/',
      '/v1/players/c/history/',
    ]);
    upstream.agent.assertNoPendingInterceptors();
  });

  it('asks again without the slash when the learned rule meets a 404', async () => {
    redirect('/v1/players/a/history', 307, '/v1/players/a/history/');
    redirect('/v1/players/b/history', 307, '/v1/players/b/history/');
    for (const id of ['a', 'b'])
      upstream.pool
        .intercept({ path: `/v1/players/${id}/history/`, method: 'GET' })
        .reply(200, { data: [] }, { headers: JSON_HEADERS });
    upstream.pool
      .intercept({ path: '/v1/leagues/', method: 'GET' })
      .reply(404, { error: 'no' }, { headers: JSON_HEADERS });
    upstream.pool
      .intercept({ path: '/v1/leagues', method: 'GET' })
      .reply(200, LEAGUES, { headers: JSON_HEADERS });
    const client = clientFor(upstream);
    for (const id of ['a', 'b']) await client.call('playerHistory', History, { params: { id } });
    const { value, requests } = await tallyRequests(() => client.call('leagues', LeaguesResponse));
    expect(value.data.data).toHaveLength(1);
    expect(requests.sent).toBe(2);
  });

  it('keeps method and body on a 307 of a POST', async () => {
    redirect('/v1/scouting', 307, '/v1/scouting/', 'POST');
    upstream.pool
      .intercept({ path: '/v1/scouting/', method: 'POST' })
      .reply(200, { data: [] }, { headers: JSON_HEADERS });
    const client = clientFor(upstream);
    await client.call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } });
    expect(upstream.sent.map((r) => [r.method, r.body])).toEqual([
      ['POST', '{"roles":["mezzala"]}'],
      ['POST', '{"roles":["mezzala"]}'],
    ]);
  });

  it('refuses a 302 of a POST (it would lose its body), and says so', async () => {
    redirect('/v1/scouting', 302, '/v1/scouting/', 'POST');
    const client = clientFor(upstream);
    const error = await rejectionOf(
      client.call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } }),
    );
    expect(error).toBeInstanceOf(BadResponseError);
    expect((error as Error).message).toContain('302 redirect of a POST');
    expect(upstream.sent).toHaveLength(1);
  });

  it('follows 301, 302 and 303 for a GET', async () => {
    for (const status of [301, 302, 303]) {
      const upstreamOne = mockUpstream();
      upstreamOne.pool
        .intercept({ path: '/v1/leagues', method: 'GET' })
        .reply(status, '', { headers: { location: '/v1/all-leagues' } });
      upstreamOne.pool
        .intercept({ path: '/v1/all-leagues', method: 'GET' })
        .reply(200, LEAGUES, { headers: JSON_HEADERS });
      const result = await clientFor(upstreamOne).call('leagues', LeaguesResponse);
      expect(result.data.data).toHaveLength(1);
      await upstreamOne.agent.close();
    }
  });

  it('never follows a redirect to another origin, and names where it pointed without the key', async () => {
    redirect('/v1/leagues', 307, `https://elsewhere.test/v1/leagues?key=${KEY}`);
    const client = clientFor(upstream);
    const error = await rejectionOf(client.call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(BadResponseError);
    const message = (error as Error).message;
    expect(message).toContain('https://elsewhere.test/v1/leagues');
    expect(message).toContain('off this API');
    expect(message).not.toContain(KEY);
    expect(upstream.sent).toHaveLength(1);
    const text = errorText(error, createLogger('silent'));
    expect(text).toMatch(/redirected GET \/v1\/leagues where this server does not follow/);
    expect(text).toContain('https://elsewhere.test/v1/leagues');
    expect(text).not.toMatch(/names that field|alias/);
    expect(text).not.toContain(KEY);
  });

  it('asks an http:// redirect on the same host (a framework behind a TLS proxy) on our https origin', async () => {
    redirect('/v1/leagues', 307, 'http://api.test/v1/leagues/');
    upstream.pool
      .intercept({ path: '/v1/leagues/', method: 'GET' })
      .reply(200, LEAGUES, { headers: JSON_HEADERS });
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(redirectStep(307, 'http://other.test/v1/x/', 'GET', '/v1/x', ORIGIN, '')).toHaveProperty(
      'refused',
    );
    expect(redirectStep(307, 'http://api.test:8080/v1/x/', 'GET', '/v1/x', ORIGIN, '')).toHaveProperty(
      'refused',
    );
  });

  it('never follows a redirect out of the base path', async () => {
    const base = mockUpstream();
    base.pool
      .intercept({ path: '/football/v1/leagues', method: 'GET' })
      .reply(307, '', { headers: { location: '/other/v1/leagues' } });
    const client = clientFor(base, { baseUrl: `${ORIGIN}/football` });
    const error = await rejectionOf(client.call('leagues', LeaguesResponse));
    expect((error as Error).message).toContain(`${ORIGIN}/other/v1/leagues`);
    expect(base.sent).toHaveLength(1);
    await base.agent.close();
  });

  it(`stops after ${MAX_REDIRECTS} hops, every hop counted`, async () => {
    upstream.pool
      .intercept({ path: /^\/v1\/leagues/, method: 'GET' })
      .reply(307, '', { headers: { location: '/v1/leagues?again=1' } })
      .persist();
    const client = clientFor(upstream);
    const { value } = await tallyRequests(async () => {
      const error = await rejectionOf(client.call('leagues', LeaguesResponse));
      return error;
    });
    expect(value).toBeInstanceOf(BadResponseError);
    expect((value as Error).message).toContain(`more than ${MAX_REDIRECTS} redirects`);
    expect(upstream.sent).toHaveLength(MAX_REDIRECTS + 1);
  });
});

describe('the hop limit is a setting', () => {
  it('--max-redirects 0 follows none, and the error names the setting', async () => {
    redirect('/v1/leagues', 307, '/v1/leagues/');
    const error = await rejectionOf(
      clientFor(upstream, { maxRedirects: 0 }).call('leagues', LeaguesResponse),
    );
    expect(error).toBeInstanceOf(BadResponseError);
    expect((error as Error).message).toMatch(/more than 0 redirects.*--max-redirects/);
    expect(upstream.sent).toHaveLength(1);
  });
});

describe('redirectStep', () => {
  it('refuses a redirect with no Location, and one with credentials', () => {
    expect(redirectStep(307, undefined, 'GET', '/v1/x', ORIGIN, '')).toHaveProperty('refused');
    expect(redirectStep(307, 'https://u:p@api.test/v1/x', 'GET', '/v1/x', ORIGIN, '')).toHaveProperty(
      'refused',
    );
    expect(redirectStep(308, '../x/', 'GET', '/v1/y/z', ORIGIN, '')).toEqual({ path: '/v1/x/' });
  });
});
