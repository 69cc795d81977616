// Shared test support for the unit suite: a MockAgent with net connect disabled, wrapped so every
// request the client sends is recorded exactly as dispatched (path with its query, headers, body).
import { type Dispatcher, MockAgent } from 'undici';
import { afterEach, beforeEach } from 'vitest';
import type { ResponseCache } from '../../src/api/cache.js';
import { ApiClient, type ApiClientOptions, type UpstreamEvent } from '../../src/api/client.js';

export const ORIGIN = 'https://api.test';
export const KEY = 'key_secret_123';

export interface SentRequest {
  method: string;
  /** The path as dispatched, query included, before MockAgent's own normalisation. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface Upstream {
  agent: MockAgent;
  /** The interceptor pool of https://api.test. */
  pool: ReturnType<MockAgent['get']>;
  /** The dispatcher to hand to ApiClient: records each request, then forwards to the MockAgent. */
  dispatcher: Dispatcher;
  sent: SentRequest[];
  events: UpstreamEvent[];
}

function headerRecord(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2)
      out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
    return out;
  }
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

export function mockUpstream(): Upstream {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const sent: SentRequest[] = [];
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    sent.push({
      method: opts.method,
      path: opts.path,
      headers: headerRecord(opts.headers),
      body: typeof opts.body === 'string' ? opts.body : undefined,
    });
    return dispatch(opts, handler);
  });
  return { agent, pool: agent.get(ORIGIN), dispatcher, sent, events: [] };
}

/**
 * A fresh mock upstream for each test of the file, closed after it: one object whose fields are the
 * current test's (read them inside tests).
 */
export function useMockUpstream(): Upstream {
  const upstream = {} as Upstream;
  beforeEach(() => {
    Object.assign(upstream, mockUpstream());
  });
  afterEach(async () => {
    await upstream.agent.close();
  });
  return upstream;
}

export function clientFor(
  upstream: Upstream,
  options: Partial<ApiClientOptions> & { cache?: ResponseCache } = {},
): ApiClient {
  return new ApiClient({
    baseUrl: ORIGIN,
    apiKey: KEY,
    dispatcher: upstream.dispatcher,
    retryBaseMs: 1,
    onUpstream: (event) => upstream.events.push(event),
    ...options,
  });
}

export const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** Resolves with the rejection of `promise`; fails the test if it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, it resolved');
}

/** What the mock upstream answers: a JSON body with status 200, and headers beside the JSON content type. */
export interface MockReply {
  data: object;
  headers?: Record<string, string>;
}

/**
 * Answers every `method` request to a path starting with `prefix` with `reply(url of the request, its
 * JSON body)`, however often asked.
 */
export function answerEvery(
  upstream: Upstream,
  prefix: string,
  reply: (url: URL, body: unknown) => MockReply,
  method = 'GET',
): void {
  upstream.pool
    .intercept({ path: (p) => p.startsWith(prefix), method })
    .reply<object>((opts) => {
      const { data, headers } = reply(
        new URL(opts.path, ORIGIN),
        typeof opts.body === 'string' ? JSON.parse(opts.body) : undefined,
      );
      return { statusCode: 200, data, responseOptions: { headers: { ...JSON_HEADERS, ...headers } } };
    })
    .persist();
}
