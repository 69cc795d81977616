// A 404 on a path the spec does not give (an assumed route) does not prove the id unknown: the route
// may live elsewhere, and the answer says which it may be. On a path the spec gives, a 404 is the id's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/api/errors.js';
import { CoachResponse, HistoryResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { errorText } from '../../src/mcp/result.js';
import { clientFor, JSON_HEADERS, mockUpstream, rejectionOf, type Upstream } from './helpers.js';

let upstream: Upstream;
const logger = createLogger('silent');
const NOT_FOUND = { error: { status: 404, code: 'not_found', message: 'not found' } };

beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

describe('a 404', () => {
  it('on an assumed route says the route may be elsewhere, not only the id unknown', async () => {
    upstream.pool
      .intercept({ path: '/v1/coaches/c1', method: 'GET' })
      .reply(404, NOT_FOUND, { headers: JSON_HEADERS });
    const error = await rejectionOf(
      clientFor(upstream).call('coach', CoachResponse, { params: { id: 'c1' } }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).assumedRoute).toBe('GET /v1/coaches/:id');
    const text = errorText(error, logger, 'No coach with that id.');
    expect(text).toMatch(/GET \/v1\/coaches\/:id, a path its specification does not give/);
    expect(text).toMatch(/the id may be unknown, or the API may serve this at another path/);
    expect(text).toContain('If the id is wrong: No coach with that id.');
    expect(text).toMatch(/If it is right: run `football-scout-mcp doctor`/);
  });

  it('on a path the spec gives is the id not found, as before', async () => {
    upstream.pool
      .intercept({ path: '/v1/players/p1/history', method: 'GET' })
      .reply(404, NOT_FOUND, { headers: JSON_HEADERS });
    const error = await rejectionOf(
      clientFor(upstream).call('playerHistory', HistoryResponse, { params: { id: 'p1' } }),
    );
    expect((error as NotFoundError).assumedRoute).toBeUndefined();
    expect(errorText(error, logger, 'No player with that id.')).toBe('No player with that id.');
  });
});
