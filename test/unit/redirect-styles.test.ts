// Generated redirecting deployments: a base path or none, a redirect status, where its Location points
// (the slash form, relative or absolute, http:// on our host, another origin, outside the base path), a
// GET or a POST. The property, for every seed: a redirect that stays on this API and keeps what the
// request needs is followed (each hop counted in the run's tally), any other is an error after the one
// request, naming where it pointed; the key never appears in it. Seeds from the run's sample seed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadResponseError } from '../../src/api/errors.js';
import { tallyRequests } from '../../src/api/request-tally.js';
import { LeaguesResponse, ScoutingResponse } from '../../src/api/schemas.js';
import { FULL_RUN, generator, SAMPLE_SEED } from '../support/sample.js';
import { clientFor, JSON_HEADERS, KEY, mockUpstream, ORIGIN, type Upstream } from './helpers.js';

const STATUSES = [301, 302, 303, 307, 308] as const;
const TARGETS = [
  'relative',
  'absolute',
  'http-same-host',
  'other-origin',
  'outside-base',
  'no-location',
] as const;
type Target = (typeof TARGETS)[number];

const random = generator;

function caseOf(seed: string) {
  const r = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)] as T;
  const base = pick(['', '/api', '/football/data']);
  const target = pick(TARGETS) as Target;
  return {
    seed,
    base,
    status: pick(STATUSES),
    // Without a base path every path of the origin is this API's: nothing lies outside it.
    target: target === 'outside-base' && base === '' ? ('other-origin' as const) : target,
    post: r() < 0.4,
  };
}

function location(target: Target, path: string, base: string): string | undefined {
  const slash = `${path}/`;
  switch (target) {
    case 'relative':
      return slash;
    case 'absolute':
      return `${ORIGIN}${slash}`;
    case 'http-same-host':
      return `http://api.test${slash}`;
    case 'other-origin':
      return `https://elsewhere.test${slash}?key=${KEY}`;
    case 'outside-base':
      return `/v2${slash.slice(base.length)}`;
    case 'no-location':
      return undefined;
  }
}

let upstream: Upstream;
beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

const COUNT = FULL_RUN ? 300 : 40;
const seeds = Array.from({ length: COUNT }, (_, i) => `${SAMPLE_SEED}:redirect:${i}`);

describe(`generated redirecting deployments (${COUNT} seeds from ${SAMPLE_SEED})`, () => {
  it.each(seeds)('%s: followed on this API only, every hop counted', async (seed) => {
    const c = caseOf(seed);
    const label = JSON.stringify(c);
    const method = c.post ? 'POST' : 'GET';
    const path = `${c.base}/v1/${c.post ? 'scouting' : 'leagues'}`;
    const where = location(c.target, path, c.base);
    upstream.pool
      .intercept({ path, method })
      .reply(c.status, '', { headers: where === undefined ? {} : { location: where } });
    upstream.pool
      .intercept({ path: `${path}/`, method })
      .reply(200, { data: [] }, { headers: JSON_HEADERS })
      .persist();
    const client = clientFor(upstream, { baseUrl: ORIGIN + c.base });
    const ask = () =>
      c.post
        ? client.call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } })
        : client.call('leagues', LeaguesResponse);
    const { value: error, requests } = await tallyRequests(() =>
      ask().then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    const staysHere = ['relative', 'absolute', 'http-same-host'].includes(c.target);
    const keepsBody = !c.post || c.status === 307 || c.status === 308;
    if (staysHere && keepsBody) {
      expect(error, label).toBeUndefined();
      expect(requests.sent, label).toBe(2);
    } else {
      expect(error, label).toBeInstanceOf(BadResponseError);
      const message = (error as Error).message;
      expect(message, label).toContain(String(c.status));
      expect(message, label).not.toContain(KEY);
      if (c.target === 'other-origin') expect(message, label).toContain('https://elsewhere.test');
      expect(requests.sent, label).toBe(1);
      expect(upstream.sent, label).toHaveLength(1);
    }
  });
});
