// An upstream that echoes the key it was sent in every header the client reads, and in the fields of its
// body, on every kind of answer: the key never reaches the call's result, its error (as the caller reads
// it and as it is logged), the read notes, the quota state (quota_status) or the upstream events.
// The cases are composed: each header × each kind of answer × each form the key can take.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { errorText, quotaLine } from '../../src/mcp/result.js';
import { clientFor, KEY, mockUpstream, type Upstream } from './helpers.js';

/** Every header the client or its reading looks at, and one whose name is the key. */
const HEADERS = [
  'content-type',
  'content-encoding',
  'content-length',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'date',
  'link',
  'location',
  'KEY-AS-NAME',
] as const;

/** The forms an echo takes: the key alone, inside other text, percent-encoded in a URL. */
const FORMS: Record<string, (key: string) => string> = {
  alone: (key) => key,
  'in text': (key) => `reset at ${key} (UTC)`,
  'in a URL': (key) => `<https://api.test/v1/leagues?page=2&api_key=${encodeURIComponent(key)}>; rel="next"`,
};

interface Kind {
  status: number;
  headers: Record<string, string>;
  body: (key: string) => string | Buffer;
}

const leaguesEcho = (key: string) =>
  JSON.stringify({
    data: [
      {
        id: 'l1',
        name: `League of ${key}`,
        country: key,
        link: `https://api.test/?k=${encodeURIComponent(key)}`,
      },
    ],
    next: `https://api.test/v1/leagues?page=2&key=${encodeURIComponent(key)}`,
    [key]: key,
  });
const errorEcho = (key: string) =>
  JSON.stringify({
    error: { code: 'bad', param: key, parameter: key, message: `bad key ${key}, at most 5` },
  });

/** Each kind of answer the client treats its own way. */
const KINDS: Record<string, Kind> = {
  '200 JSON': { status: 200, headers: { 'content-type': 'application/json' }, body: leaguesEcho },
  '200 not JSON': { status: 200, headers: { 'content-type': 'text/html' }, body: (key) => `<p>${key}</p>` },
  '200 over the cap': { status: 200, headers: {}, body: (key) => `{"pad":"${key}${'x'.repeat(600)}"}` },
  '200 corrupt gzip': {
    status: 200,
    headers: { 'content-encoding': 'gzip' },
    body: (key) => `not gzip ${key}`,
  },
  '400': { status: 400, headers: { 'content-type': 'application/json' }, body: errorEcho },
  '429 burst': {
    status: 429,
    headers: { 'x-ratelimit-remaining': '5', 'retry-after': '1' },
    body: errorEcho,
  },
  '429 daily': { status: 429, headers: { 'x-ratelimit-remaining': '0' }, body: errorEcho },
  '503': { status: 503, headers: { 'content-type': 'application/json' }, body: errorEcho },
  '302': { status: 302, headers: { location: 'https://elsewhere.test/' }, body: () => '' },
};

const CAP = 512;
let upstream: Upstream;
const lines: string[] = [];
const logger = createLogger('debug', [], (line) => lines.push(line));

beforeEach(() => {
  upstream = mockUpstream();
  lines.length = 0;
});

afterEach(async () => {
  await upstream.agent.close();
});

const cases = HEADERS.flatMap((header) =>
  Object.keys(KINDS).flatMap((kind) => Object.keys(FORMS).map((form) => [header, kind, form] as const)),
);

describe('a key echoed in a header', () => {
  it.each(cases)('%s, on a %s, %s: the key reaches nothing the server says', async (header, kind, form) => {
    const { status, headers, body } = KINDS[kind] as Kind;
    const echo = (FORMS[form] as (key: string) => string)(KEY);
    const name = header === 'KEY-AS-NAME' ? `x-${KEY.toLowerCase()}` : header;
    upstream.pool
      .intercept({ path: /\/v1\/leagues/, method: 'GET' })
      .reply(status, body(KEY), { headers: { ...headers, [name]: echo } })
      .persist();
    const api = clientFor(upstream, { maxBodyBytes: CAP, maxRetryAfterMs: 5 });
    const said: unknown[] = [];
    try {
      const result = await api.call('leagues', LeaguesResponse);
      said.push(result, quotaLine(result.quota));
    } catch (error) {
      said.push(errorText(error, logger), (error as Error).message, { ...(error as object) });
    }
    const quota = api.quota.current();
    said.push(quota, quotaLine(quota), upstream.events, lines);
    const seen = JSON.stringify(said);
    for (const form of new Set([KEY, encodeURIComponent(KEY), KEY.toLowerCase()]))
      expect(seen, `${header} on a ${kind}`).not.toContain(form);
    await api.close();
  });
});
