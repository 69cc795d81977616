// The canonical forms look for the reference lists in the cache only (src/mcp/canonical-facts.ts). A list
// found absent is not looked for again until one is fetched through the same cache, or for
// ABSENT_HOLDS_MS at most (another process sharing the store may cache one meanwhile).
import { afterEach, expect, it } from 'vitest';
import { ResponseCache } from '../../src/api/cache.js';
import type { ApiClient } from '../../src/api/client.js';
import { ABSENT_HOLDS_MS, canonicalFacts } from '../../src/mcp/canonical-facts.js';
import { clientFor, JSON_HEADERS, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();
let clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
});

const LEAGUES = { data: [{ name: 'Ligue 1', code: 'FRA1' }] };
const signal = new AbortController().signal;
const league = new Set(['league'] as const);

it('looks for an absent list again once one is fetched through the cache, or after the hold', async () => {
  let clock = Date.UTC(2026, 10, 30, 9);
  let looks = 0;
  const cache = new ResponseCache({ now: () => clock, onLookup: () => (looks += 1) });
  const api = clientFor(upstream, { cache });
  const other = clientFor(upstream, { cache });
  clients = [api, other];
  const leaguesOf = async (client: ApiClient) => (await canonicalFacts(client, [], league, signal)).leagues;

  expect(await leaguesOf(api)).toBeUndefined();
  const first = looks;
  expect(first).toBeGreaterThan(0);
  expect(await leaguesOf(api)).toBeUndefined();
  expect(looks).toBe(first);

  // Fetched through another client of the same cache: the next look finds it.
  upstream.pool
    .intercept({ path: /^\/v1\/leagues/, method: 'GET' })
    .reply(200, LEAGUES, { headers: JSON_HEADERS });
  await other.leagues({ signal });
  expect((await leaguesOf(api))?.('FRA1')).toBe('Ligue 1');

  // Absent from a cache of its own: held, then looked for again after the hold.
  const alone = clientFor(upstream, {
    cache: new ResponseCache({ now: () => clock, onLookup: () => (looks += 1) }),
  });
  clients.push(alone);
  await leaguesOf(alone);
  const held = looks;
  clock += ABSENT_HOLDS_MS - 1;
  await leaguesOf(alone);
  expect(looks).toBe(held);
  clock += 2;
  await leaguesOf(alone);
  expect(looks).toBeGreaterThan(held);
});
