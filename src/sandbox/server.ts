// The sandbox: a local, spec-faithful Football Data REST API v1 over node:http with deterministic
// synthetic data. It is a separate program the client talks to over real HTTP; it imports nothing
// from the client (src/api, src/mcp, tools/).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Access } from './access.js';
import { COMPS, compByName } from './data/leagues.js';
import { CURRENT_SEASON } from './data/seasons.js';
import { World, worldOf } from './data/world.js';
import type { WireAnswer } from './dialects/dialect.js';
import { type DialectName, type DialectRequest, dialectOf } from './dialects/index.js';
import { type FaultKind, type FaultOptions, Faults } from './faults.js';
import { buildRouter } from './handlers/index.js';
import { jsonObject, readBody } from './http/body.js';
import { ApiError, notFound, rateLimited, serverError, unauthorized } from './http/errors.js';
import { DEFAULT_KEYS, SANDBOX_DEMO_KEY, type SandboxKey, validateKeys } from './keys.js';
import { nextUtcMidnight, QuotaBook, rateLimitHeaders } from './quota.js';
import { type Hooks, styleOf } from './styles/index.js';

export { type DialectName, SANDBOX_DIALECTS } from './dialects/index.js';
export { DEFAULT_KEYS, SANDBOX_DEMO_KEY, type SandboxKey } from './keys.js';

export interface SandboxOptions {
  /** 0 = ephemeral. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'football-scout'. */
  seed?: string;
  /** Default DEFAULT_KEYS. */
  keys?: SandboxKey[];
  now?: () => Date;
  /** Misbehave on purpose (latency, errors, resets, broken bodies, 429 storms); see faults.ts. */
  faults?: FaultOptions;
  /** The shape of successful answers (see dialects/); default 'standard', the sandbox's own. */
  dialect?: DialectName;
  /**
   * A generated style instead of a dialect: transformations drawn from this seed (`42`, or
   * `42:rename,paging` for those pieces only; see styles/). Default none.
   */
  style?: string;
  /** Weeks the world has moved on from today's data, 0–52 (see data/week.ts); default 0, today. */
  week?: number;
  /**
   * A world built for this sandbox alone, not the one an earlier sandbox of the same seed and week built
   * (data/world.ts: worldOf): for a test that two builds of a seed agree. Default false.
   */
  ownWorld?: boolean;
  /**
   * Build the current season of every competition in the background after start (see warm()), so the
   * first search over all leagues answers at once instead of in about a second. Default false.
   */
  warm?: boolean;
}

export interface LoggedRequest {
  method: string;
  /** The request target as received: raw path (still percent-encoded) and query string. */
  path: string;
  status: number;
  key: string | null;
  /** A POST's body as received (text), so a repeated question can be told from a new one. */
  body?: string;
  /** The fault injected into this request, if any. */
  fault?: FaultKind;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  port: number;
  keys: readonly SandboxKey[];
  demoKey: string;
  dialect: DialectName;
  /** The generated style served, in one line (what its seed composed); undefined without one. */
  style?: string;
  /** The week of the world served (0 = today's data). */
  week: number;
  /** Settles when warming (SandboxOptions.warm) has built every competition, or stopped; at once without it. */
  warmed: Promise<void>;
  /** Requests served since start, all statuses. */
  requestCount(): number;
  /** Most recent last; the last 10 000. */
  requests(): readonly LoggedRequest[];
  resetQuotas(): void;
  /** Replaces the injected faults from the next request on; undefined turns them off. */
  setFaults(faults: FaultOptions | undefined): void;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 'football-scout';
const LOG_SIZE = 10_000;
const WARM_DELAY_MS = 250;

/**
 * Builds the current season's rows of every competition ahead of need, one competition per turn of the
 * event loop (the first ~200 ms, the rest ~10 ms each): a search, or a ranking without a league, over all
 * competitions otherwise generates them all on its first call (~1.2 s). Requests arriving meanwhile are
 * served between two competitions and find what is already built. It starts after a short delay, so the
 * client's first requests (initialize, tools/list) come first, and costs the memory the first search would
 * take anyway (about 75 MB). It stops when the sandbox closes; the first delay alone never keeps the
 * process alive.
 */
function warm(world: World, stopped: () => boolean): Promise<void> {
  let next = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  const step = () => {
    const comp = COMPS[next++];
    if (comp === undefined || stopped()) return done();
    try {
      for (const row of world.compSeason(comp, CURRENT_SEASON).rows) world.foldedName(row.person);
    } catch {
      // A request building the same rows reports the problem as its 500; warming just stops.
      return done();
    }
    // Not unref'd: an unref'd immediate waits for the next other event of the loop, which may be minutes.
    setImmediate(step);
  };
  setTimeout(step, WARM_DELAY_MS).unref();
  return finished;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const keys = validateKeys(options.keys ?? DEFAULT_KEYS);
  for (const k of keys) {
    if (k.leagues === 'all') continue;
    for (const name of k.leagues) {
      if (!compByName(name)) throw new Error(`key ${k.key.slice(0, 9)}…: unknown league "${name}"`);
    }
  }
  const byKey = new Map(keys.map((k) => [k.key, k]));
  const accessOf = new Map(keys.map((k) => [k.key, new Access(k)]));
  const now = options.now ?? (() => new Date());
  if (options.style !== undefined && (options.dialect ?? 'standard') !== 'standard')
    throw new Error('a sandbox style replaces the dialect: give a style or a dialect, not both');
  const style = options.style === undefined ? undefined : styleOf(options.style);
  const named = dialectOf(options.dialect ?? 'standard');
  const dialect: Hooks = style?.hooks ?? named;
  const world = options.ownWorld
    ? new World(options.seed ?? DEFAULT_SEED, { week: options.week ?? 0 })
    : worldOf(options.seed ?? DEFAULT_SEED, options.week ?? 0);
  const router = buildRouter();
  const quotas = new QuotaBook();
  const makeFaults = (given: FaultOptions | undefined) =>
    given ? new Faults(given, options.seed ?? DEFAULT_SEED) : undefined;
  let faults = makeFaults(options.faults);
  const gate = dialect.gate?.();
  const log: LoggedRequest[] = [];
  let count = 0;

  function send(
    res: ServerResponse,
    index: number,
    status: number,
    headers: Record<string, string>,
    body: unknown,
    fault?: FaultKind,
  ): void {
    const json = JSON.stringify(body);
    const text = fault === 'malformed' ? Faults.malformed(json) : json;
    const headed = {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    };
    write(res, index, { status, headers: headed, body: Buffer.from(text) }, fault);
  }

  /** Every answer goes out here, through the dialect's `wire` (compression, headers) when it has one. */
  function write(res: ServerResponse, index: number, answer: WireAnswer, fault?: FaultKind): void {
    const out = dialect.wire ? dialect.wire(answer, { index }) : answer;
    res.writeHead(out.status, { ...out.headers, 'Content-Length': String(out.body.length) });
    if (faults) faults.writeBody(res, out.body, fault);
    else res.end(out.body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const entry: LoggedRequest = { method, path: target, status: 0, key: null };
    const index = count++;
    log.push(entry);
    if (log.length > LOG_SIZE + 1000) log.splice(0, log.length - LOG_SIZE);

    const fault = faults?.plan(index);
    if (fault?.kind) entry.fault = fault.kind;
    if (fault?.latencyMs) await sleep(fault.latencyMs);
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'error') {
      const status = fault.status ?? 503;
      entry.status = status;
      send(res, index, status, {}, injectedError(status).body());
      return;
    }

    const at = now();
    let headers = rateLimitHeaders({ reset: nextUtcMidnight(at), anonymous: true });
    const reply = (status: number, body: unknown) => {
      entry.status = status;
      send(res, index, status, headers, body, fault?.kind);
    };
    try {
      const raw = await readBody(req);
      if (method === 'POST' && raw.kind === 'text') entry.body = raw.text;
      const header = req.headers['x-api-key'];
      const given = Array.isArray(header) ? header[0] : header;
      if (!given) throw unauthorized('missing API key: send it in the X-API-Key header');
      const key = byKey.get(given);
      if (!key) throw unauthorized('invalid API key');
      if (key.revoked) throw unauthorized('this API key has been revoked');
      if (key.expiresAt !== undefined && Date.parse(key.expiresAt) <= at.getTime()) {
        throw unauthorized(`this API key expired on ${key.expiresAt}`);
      }
      entry.key = key.key;
      const own = gate?.admit({
        index,
        method,
        target,
        key: key.key,
        body: raw.kind === 'text' ? raw.text : '',
        now: at,
        rateLimit: rateLimitHeaders(quotas.peek(key.key, key.dailyLimit, at)),
      });
      if (own) {
        entry.status = own.status;
        write(res, index, own, fault?.kind);
        return;
      }
      const quota = quotas.spend(key.key, key.dailyLimit, at);
      headers = rateLimitHeaders(quota);
      if (quota.over) throw rateLimited(quota.reset);
      if (fault?.kind === 'storm' && faults) {
        headers = { ...headers, 'Retry-After': String(faults.retryAfterS) };
        throw new ApiError(429, 'rate_limited', 'too many requests; slow down and retry later');
      }

      const url = new URL(req.url ?? '/', 'http://sandbox.local');
      let segments: string[];
      try {
        segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      } catch {
        throw notFound(`no route ${method} ${url.pathname}`);
      }
      const match = router.match(method, segments);
      if (match === undefined || match === 'method') {
        const hint = match === 'method' ? ' (this path exists with another method)' : '';
        throw notFound(`no route ${method} ${url.pathname}${hint}`);
      }
      let request: DialectRequest = {
        method,
        route: match.route,
        params: match.params,
        query: url.searchParams,
        body: method === 'POST' ? jsonObject(raw) : {},
      };
      if (dialect.request) request = dialect.request(request);
      const { query, params, body } = request;
      const result = match.handler({
        world,
        access: accessOf.get(key.key) as Access,
        key,
        quota,
        method,
        query,
        params,
        body,
        input: (name) => (method === 'POST' ? body[name] : query.get(name)),
      });
      // The one place a successful answer is shaped: errors and headers never meet the dialect.
      if (dialect.responseHeaders) headers = { ...headers, ...dialect.responseHeaders(result, request) };
      reply(200, dialect.response ? dialect.response(result, request) : result);
    } catch (error) {
      if (error instanceof ApiError) {
        reply(error.status, error.body());
      } else {
        process.stderr.write(
          `sandbox: internal error on ${method} ${target.split('?')[0]}: ${String(error)}\n`,
        );
        reply(500, serverError().body());
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  let closed = false;
  const warmed = options.warm ? warm(world, () => closed) : Promise.resolve();
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    keys,
    demoKey: byKey.has(SANDBOX_DEMO_KEY) ? SANDBOX_DEMO_KEY : (keys[0]?.key ?? SANDBOX_DEMO_KEY),
    dialect: named.name,
    ...(style ? { style: style.description } : {}),
    week: world.week,
    warmed,
    requestCount: () => count,
    requests: () => log.slice(-LOG_SIZE),
    resetQuotas: () => quotas.reset(),
    setFaults: (given) => {
      faults = makeFaults(given);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closed = true;
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The body of an injected error status: what a failing gateway in front of the API would send. */
function injectedError(status: number): ApiError {
  if (status >= 500) return new ApiError(status, 'server_error', 'injected fault: upstream unavailable');
  return new ApiError(status, status === 429 ? 'rate_limited' : 'bad_request', 'injected fault');
}
