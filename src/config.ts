import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEFAULT_MAX_PAGES } from './api/pagination.js';
import { DEFAULT_UPSTREAM_CONNECTIONS } from './api/pool.js';
import { DEFAULT_MAX_REDIRECTS } from './api/redirects.js';
// The names only (an import-free file): the sandbox itself is loaded only in sandbox mode.
import { SANDBOX_DIALECTS } from './sandbox/dialects/dialect.js';
import { defaultStoreDir } from './store/dir.js';
import { DEFAULT_MAX_KNOWN_KEYS } from './store/open.js';

// Every setting has a flag and an environment variable; a flag wins over the variable.
// This table is also the source of `--help` and of the README's settings table.

const intIn = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** A whole number of `unit` in [min, max], whose every refusal says what is expected ("NaN" says nothing). */
const wholeIn = (min: number, max: number, unit: string, example: string) => {
  const error = `must be a whole number of ${unit} from ${min} to ${max}, e.g. ${example}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const bool = z.preprocess(
  (v) => (typeof v === 'string' ? !/^(0|false|no|off|)$/i.test(v.trim()) : v),
  z.boolean(),
);
const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.string()),
);

/** Values copied from a documentation block as written (README: `your-key`, `https://your-api-host`). */
const PLACEHOLDER_KEY =
  /^(<[^>]*>|your[-_ ]?(api[-_ ]?)?key|(api[-_ ]?)?key[-_ ]?here|x{3,}|changeme|replace[-_ ]?me)$/i;
const PLACEHOLDER_HOST = /^your[-.]|^<.*>$/i;

export const SETTINGS = {
  apiKey: {
    flag: 'api-key',
    env: 'FOOTBALL_API_KEY',
    schema: z
      .string()
      .trim()
      .min(1)
      .refine((key) => !PLACEHOLDER_KEY.test(key), {
        error: (issue) =>
          `"${String(issue.input).trim()}" is the documentation's placeholder, not a key: put your Football Data API key there, or remove both FOOTBALL_API_KEY and FOOTBALL_API_BASE_URL to run on the built-in sandbox`,
      })
      .optional(),
    help: 'Football Data API key, sent as X-API-Key. Prefer the env var: flags show in process lists.',
  },
  baseUrl: {
    flag: 'base-url',
    env: 'FOOTBALL_API_BASE_URL',
    schema: z
      .url({ protocol: /^https?$/ })
      .refine((url) => !URL.canParse(url) || !PLACEHOLDER_HOST.test(new URL(url).hostname), {
        error: (issue) =>
          `"${String(issue.input)}" is the documentation's placeholder address: put the address of your Football Data API there (the part before /v1), or remove both FOOTBALL_API_KEY and FOOTBALL_API_BASE_URL to run on the built-in sandbox`,
      })
      .optional(),
    help: 'Base address of the API (the part before /v1). Without it and without a key: the sandbox.',
  },
  timeoutMs: {
    flag: 'timeout-ms',
    env: 'FOOTBALL_API_TIMEOUT_MS',
    schema: intIn(100, 300_000).default(10_000),
    help: 'Timeout of one upstream attempt, in milliseconds.',
  },
  retries: {
    flag: 'retries',
    env: 'FOOTBALL_API_RETRIES',
    schema: intIn(0, 5).default(2),
    help: 'Retries on network errors, 5xx (a gateway error page too) and burst 429s (quota left); never other 4xx, nor a 429 of the spent daily quota.',
  },
  maxRetryAfterMs: {
    flag: 'max-retry-after-ms',
    env: 'FOOTBALL_API_MAX_RETRY_AFTER_MS',
    schema: wholeIn(0, 300_000, 'milliseconds', '20000').default(20_000),
    help: "Longest wait before a retry: a 429's or 503's Retry-After, a backoff, a quota reset due within it; a longer one ends the retries.",
  },
  maxUpstreamBytes: {
    flag: 'max-upstream-bytes',
    env: 'FOOTBALL_API_MAX_BODY_BYTES',
    schema: wholeIn(1024, 256 * 1024 * 1024, 'bytes', '16777216 (16 MiB)').default(16 * 1024 * 1024),
    help: 'Largest upstream answer read, bytes; a longer one is cut off and the call fails (not retried).',
  },
  maxPages: {
    flag: 'max-pages',
    env: 'FOOTBALL_MCP_MAX_PAGES',
    schema: wholeIn(1, 100, 'pages', String(DEFAULT_MAX_PAGES)).default(DEFAULT_MAX_PAGES),
    help: 'Most pages one list read follows when the API pages its answers (each page is one request, counted in the quota).',
  },
  maxRedirects: {
    flag: 'max-redirects',
    env: 'FOOTBALL_API_MAX_REDIRECTS',
    schema: wholeIn(0, 20, 'redirects', String(DEFAULT_MAX_REDIRECTS)).default(DEFAULT_MAX_REDIRECTS),
    help: 'Most redirects one upstream request follows, on the same origin and base path only (each hop is a request); 0 follows none.',
  },
  upstreamConnections: {
    flag: 'upstream-connections',
    env: 'FOOTBALL_API_CONNECTIONS',
    schema: wholeIn(1, 4096, 'connections', String(DEFAULT_UPSTREAM_CONNECTIONS)).default(
      DEFAULT_UPSTREAM_CONNECTIONS,
    ),
    help: 'Connections to the Football API shared by every caller (kept alive); requests past them wait for a free one.',
  },
  maxInFlightPerKey: {
    flag: 'max-in-flight-per-key',
    env: 'FOOTBALL_API_MAX_IN_FLIGHT_PER_KEY',
    schema: wholeIn(1, 1000, 'requests', '8').default(8),
    help: 'Hosted: most upstream requests of one API key at once on the shared pool (--upstream-connections), so one key whose calls hang cannot hold them all; its other requests wait in its own queue.',
  },
  maxQueuedPerKey: {
    flag: 'max-queued-per-key',
    env: 'FOOTBALL_API_MAX_QUEUED_PER_KEY',
    schema: wholeIn(0, 100_000, 'requests', '256').default(256),
    help: 'Hosted: most upstream requests of one API key waiting for a slot; past it a call fails at once ("too many upstream requests for this API key").',
  },
  sandbox: {
    flag: 'sandbox',
    env: 'FOOTBALL_SANDBOX',
    schema: bool.default(false),
    help: 'Run on the embedded sandbox API (synthetic data) even if a key or base URL is set.',
  },
  sandboxSeed: {
    flag: 'sandbox-seed',
    env: 'FOOTBALL_SANDBOX_SEED',
    schema: z.string().min(1).default('football-scout'),
    help: 'Seed of the sandbox data: the same seed gives the same players.',
  },
  sandboxDialect: {
    flag: 'sandbox-dialect',
    env: 'FOOTBALL_SANDBOX_DIALECT',
    schema: z.enum(SANDBOX_DIALECTS).default('standard'),
    help: `Shape of the sandbox's answers, same data: ${SANDBOX_DIALECTS.join(', ')} (see src/sandbox/README.md); to try the client against other readings of the spec.`,
  },
  sandboxStyle: {
    flag: 'sandbox-style',
    env: 'FOOTBALL_SANDBOX_STYLE',
    schema: z.string().trim().min(1).optional(),
    help: "A generated style for the sandbox's answers instead of a dialect: spec-preserving transformations (names renamed, cased, nested, rows reordered, display forms, statistics by label, paging, throttling, compression) drawn from this seed, e.g. 42, or 42:rename,paging for those only; same data. The style says what it drew at start.",
  },
  sandboxWeek: {
    flag: 'sandbox-week',
    env: 'FOOTBALL_SANDBOX_WEEK',
    schema: intIn(0, 52).default(0),
    help: 'Weeks the sandbox world has moved on from today (0-52): rounds played, indices recalculated, values moved, transfers in the windows; 0 is today, unchanged.',
  },
  sandboxWarm: {
    flag: 'sandbox-warm',
    env: 'FOOTBALL_SANDBOX_WARM',
    schema: bool.default(true),
    help: "Build the embedded sandbox's current season of every league in the background just after start (1-2 s of CPU, ~75 MB), so the first search over all leagues answers at once; false: each league is built when first asked.",
  },
  transport: {
    flag: 'transport',
    env: 'FOOTBALL_MCP_TRANSPORT',
    schema: z.enum(['stdio', 'http']).default('stdio'),
    help: 'stdio (what Claude Desktop launches) or http (Streamable HTTP).',
  },
  host: {
    flag: 'host',
    env: 'FOOTBALL_MCP_HOST',
    schema: z.string().min(1).default('127.0.0.1'),
    help: 'Address the HTTP transport binds to.',
  },
  port: {
    flag: 'port',
    env: 'FOOTBALL_MCP_PORT',
    schema: intIn(0, 65_535).default(3000),
    help: 'Port of the HTTP transport (0 = any free port).',
  },
  allowedHosts: {
    flag: 'allowed-hosts',
    env: 'FOOTBALL_MCP_ALLOWED_HOSTS',
    schema: list.default([]),
    help: 'Extra Host header values accepted by the HTTP transport (comma-separated); loopback names are always accepted on a loopback bind.',
  },
  allowedOrigins: {
    flag: 'allowed-origins',
    env: 'FOOTBALL_MCP_ALLOWED_ORIGINS',
    schema: list.default([]),
    help: 'Extra browser Origins accepted by the HTTP transport, comma-separated, each a whole origin (scheme, host and port: https://app.example) or *; loopback origins are always accepted.',
  },
  cacheTtlReference: {
    flag: 'cache-ttl-reference',
    env: 'FOOTBALL_CACHE_TTL_REFERENCE_S',
    schema: intIn(0, 30 * 86_400).default(86_400),
    help: 'Cache lifetime of reference data (leagues, enums, glossary), seconds; 0 disables.',
  },
  cacheTtlComputed: {
    flag: 'cache-ttl-computed',
    env: 'FOOTBALL_CACHE_TTL_COMPUTED_S',
    schema: intIn(0, 7 * 86_400).default(21_600),
    help: 'Cache lifetime of computed data (rankings, scouting, players), seconds; 0 disables.',
  },
  cacheTtlAccount: {
    flag: 'cache-ttl-account',
    env: 'FOOTBALL_CACHE_TTL_ACCOUNT_S',
    schema: intIn(0, 86_400).default(300),
    help: 'Cache lifetime of account data (profile, saved indices), seconds; 0 disables.',
  },
  cacheStaleMaxAge: {
    flag: 'cache-stale-max-age',
    env: 'FOOTBALL_CACHE_STALE_MAX_AGE_S',
    schema: intIn(0, 30 * 86_400).default(86_400),
    help: 'How long past its lifetime a cached answer is still served, marked stale, while the API fails (5xx, network, timeout), seconds; 0 disables.',
  },
  cacheMaxEntries: {
    flag: 'cache-max-entries',
    env: 'FOOTBALL_CACHE_MAX_ENTRIES',
    schema: intIn(0, 1_000_000).default(5000),
    help: 'Most answers kept in the cache; the oldest go first; 0 keeps nothing (every call asks the API).',
  },
  cacheMaxBytes: {
    flag: 'cache-max-bytes',
    env: 'FOOTBALL_CACHE_MAX_BYTES',
    schema: wholeIn(0, 64 * 1024 ** 3, 'bytes', '67108864 (64 MiB)').default(64 * 1024 * 1024),
    help: 'Most bytes of answers kept by the cache, memory or file: (their serialized size); the oldest go first, and in memory an answer over a quarter of it is not kept. Redis is bounded by its own maxmemory. 0 keeps nothing.',
  },
  routesFile: {
    flag: 'routes-file',
    env: 'FOOTBALL_API_ROUTES_FILE',
    schema: z.string().trim().min(1).optional(),
    help: 'JSON file remapping upstream routes, e.g. {"teams": {"path": "/v2/clubs"}}; checked at start.',
  },
  learnNames: {
    flag: 'learn-names',
    env: 'FOOTBALL_API_LEARN_NAMES',
    schema: bool.default(true),
    help: "Learn the API's names for fields from their values (matched against what the rankings and leagues said) and keep them in the store; false: a field under a name nobody gave stays unread, named in the answer's note, until the routes file's \"fields\" names it.",
  },
  toolsets: {
    flag: 'toolsets',
    env: 'FOOTBALL_MCP_TOOLSETS',
    schema: list.default([]),
    help: 'Groups of tools to expose, comma-separated: players, clubs, reference, account (default: all).',
  },
  tools: {
    flag: 'tools',
    env: 'FOOTBALL_MCP_TOOLS',
    schema: list.default([]),
    help: 'Expose only these tools, comma-separated names (e.g. search_players,scouting_report); default: all.',
  },
  logLevel: {
    flag: 'log-level',
    env: 'FOOTBALL_MCP_LOG_LEVEL',
    schema: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    help: 'Verbosity of the log on stderr.',
  },
  stateless: {
    flag: 'stateless',
    env: 'FOOTBALL_MCP_STATELESS',
    schema: bool.default(false),
    help: 'HTTP without sessions: every request answered on its own, nothing of a client kept between requests; for several replicas behind a load balancer.',
  },
  store: {
    flag: 'store',
    env: 'FOOTBALL_MCP_STORE',
    schema: z
      .string()
      .trim()
      .regex(/^(memory|file(:.+)?|rediss?:\/\/.+)$/, 'memory, file:<directory> or redis://host:port')
      .optional(),
    help: 'Where cached answers, quota states and watchlists live: file:<directory> (kept across restarts, shared by the processes on this machine; file alone = $XDG_CACHE_HOME/football-scout-mcp, else ~/.cache/football-scout-mcp), memory (lost at exit), or redis://[user:password@]host:port[/db] shared by every replica. Default: file over stdio, memory over http.',
  },
  watchlistStore: {
    flag: 'watchlist-store',
    env: 'FOOTBALL_MCP_WATCHLIST_STORE',
    schema: z
      .string()
      .trim()
      .regex(
        /^rediss?:\/\/.+$/,
        'redis://host:port (a Redis that never evicts: maxmemory-policy noeviction or volatile-*)',
      )
      .optional(),
    help: 'A Redis of its own for watchlists, redis://[user:password@]host:port[/db], when the --store Redis evicts keys (maxmemory-policy allkeys-*, as a cache may): watchlists there would be lost. Default: watchlists live in --store.',
  },
  watchlistMax: {
    flag: 'watchlist-max',
    env: 'FOOTBALL_MCP_WATCHLIST_MAX',
    schema: intIn(1, 10_000).default(50),
    help: 'Most watchlists per API key.',
  },
  watchlistMaxPlayers: {
    flag: 'watchlist-max-players',
    env: 'FOOTBALL_MCP_WATCHLIST_MAX_PLAYERS',
    schema: intIn(1, 5000).default(200),
    help: 'Most players per watchlist.',
  },
  watchlistSnapshots: {
    flag: 'watchlist-snapshots',
    env: 'FOOTBALL_MCP_WATCHLIST_SNAPSHOTS',
    schema: intIn(1, 100).default(8),
    help: 'Weekly snapshots kept per watchlist (the newest) for watchlist_report to compare.',
  },
  watchlistMaxBytes: {
    flag: 'watchlist-max-bytes',
    env: 'FOOTBALL_MCP_WATCHLIST_MAX_BYTES',
    schema: wholeIn(10_000, 500_000_000, 'bytes', '8000000').default(8_000_000),
    help: 'Most bytes of one watchlist (its JSON, snapshots included); a refresh or an add that would pass it is refused, before its requests when the size can be foreseen.',
  },
  watchlistWeekWindowS: {
    flag: 'watchlist-week-window-s',
    env: 'FOOTBALL_MCP_WATCHLIST_WEEK_WINDOW_S',
    schema: wholeIn(1, 86_400, 'seconds', '300').default(300),
    help: "A watchlist refresh takes its parts as one week of data only when fetched at most this far apart (or when their dates and minutes prove it); a cached part older than the others by more is fetched again, within the refresh's plan. Longer: fewer requests, more risk of a week published between two parts going unseen.",
  },
  watchlistSameFetchS: {
    flag: 'watchlist-same-fetch-s',
    env: 'FOOTBALL_MCP_WATCHLIST_SAME_FETCH_S',
    schema: wholeIn(0, 3600, 'seconds', '60').default(60),
    help: 'Cached parts an earlier refresh fetched at most this far apart count as fetched together: one week, however their minutes differ (routes may count minutes differently). At most --watchlist-week-window-s.',
  },
  storeTimeoutMs: {
    flag: 'store-timeout-ms',
    env: 'FOOTBALL_MCP_STORE_TIMEOUT_MS',
    schema: wholeIn(10, 60_000, 'milliseconds', '250').default(250),
    help: 'Longest wait for one Redis operation of the cache and quota states; past it the call goes on uncached (read = miss, write dropped, quota sync skipped); logged once per outage. Watchlists have their own: --watchlist-store-timeout-ms.',
  },
  watchlistStoreTimeoutMs: {
    flag: 'watchlist-store-timeout-ms',
    env: 'FOOTBALL_MCP_WATCHLIST_STORE_TIMEOUT_MS',
    schema: wholeIn(10, 600_000, 'milliseconds', '2000').default(2000),
    help: "Longest wait for one Redis command of a watchlist operation (a list can be megabytes); past it the operation fails with an error saying whether its change was made. Apart from --store-timeout-ms: a slow watchlist never counts as the cache's Redis being down.",
  },
  metricsKeySecret: {
    flag: 'key-label-secret',
    env: 'FOOTBALL_MCP_KEY_LABEL_SECRET',
    schema: z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters, e.g. the output of: openssl rand -hex 32')
      .optional(),
    help: 'Secret keying the hashes of API keys (HMAC): the key labels of /metrics and logs, and the cache and quota partitions kept in Redis. Give every replica the same one. Unset: labels use a random secret per process (replicas and restarts disagree) and partitions an unsalted hash. Prefer the env var.',
  },
  authTokens: {
    flag: 'auth-tokens',
    env: 'FOOTBALL_MCP_AUTH_TOKENS',
    schema: list.default([]),
    help: 'Server access tokens (comma-separated): callers must send Authorization: Bearer <token>; their own API key then goes in X-API-Key. Prefer the env var.',
  },
  requireCallerKey: {
    flag: 'require-caller-key',
    env: 'FOOTBALL_MCP_REQUIRE_CALLER_KEY',
    schema: bool.default(false),
    help: "Every HTTP caller must send its own Football API key (X-API-Key, or Authorization: Bearer <key> when no server tokens are set); the server's key is never lent.",
  },
  maxSessions: {
    flag: 'max-sessions',
    env: 'FOOTBALL_MCP_MAX_SESSIONS',
    schema: intIn(1, 1_000_000).default(1000),
    help: 'Most open MCP sessions (stateful HTTP); past it a new session gets 503.',
  },
  maxSharedServers: {
    flag: 'max-shared-servers',
    env: 'FOOTBALL_MCP_MAX_SHARED_SERVERS',
    schema: intIn(1, 100_000).default(64),
    help: 'Stateless HTTP, 2025 wire: most long-lived MCP servers kept, one per caller, to answer their calls; past it the least recently used is let go (its caller gets a new one).',
  },
  maxIdleServers: {
    flag: 'max-idle-servers',
    env: 'FOOTBALL_MCP_MAX_IDLE_SERVERS',
    schema: intIn(0, 100_000).default(256),
    help: 'HTTP, requests served one at a time (the 2026-07-28 wire, and 2025 requests the shared servers do not take): most idle MCP servers kept for reuse; past it one is closed after its request.',
  },
  maxKnownKeys: {
    flag: 'max-known-keys',
    env: 'FOOTBALL_MCP_MAX_KNOWN_KEYS',
    schema: intIn(1, 10_000_000).default(DEFAULT_MAX_KNOWN_KEYS),
    help: "HTTP: caller keys remembered, what the API said of each (accepted, refused) and, with the memory store, each key's quota; past it the least recently seen is forgotten (asked again when it comes back).",
  },
  sessionIdle: {
    flag: 'session-idle-s',
    env: 'FOOTBALL_MCP_SESSION_IDLE_S',
    schema: intIn(1, 7 * 86_400).default(1800),
    help: 'Seconds without a request after which an idle MCP session is closed.',
  },
  maxProbationSessions: {
    flag: 'max-probation-sessions',
    env: 'FOOTBALL_MCP_MAX_PROBATION_SESSIONS',
    schema: wholeIn(1, 1_000_000, 'sessions', '100').optional(),
    help: 'Most open MCP sessions of caller keys the Football API has not accepted yet (counted in --max-sessions too); default a tenth of --max-sessions. Past it, such a key is checked with one upstream request: accepted, it opens a normal session; else 503.',
  },
  probationIdle: {
    flag: 'probation-idle-s',
    env: 'FOOTBALL_MCP_PROBATION_IDLE_S',
    schema: wholeIn(1, 86_400, 'seconds', '60').default(60),
    help: "Seconds without a request after which a session on probation (its caller key not yet accepted by the API) is closed; at the key's first success it becomes a normal session.",
  },
  refusedKey: {
    flag: 'refused-key-s',
    env: 'FOOTBALL_MCP_REFUSED_KEY_S',
    schema: wholeIn(0, 86_400, 'seconds', '60').default(60),
    help: 'Seconds a caller key the Football API answered 401 is refused new MCP sessions (401); 0 never refuses.',
  },
  shutdownGrace: {
    flag: 'shutdown-grace-s',
    env: 'FOOTBALL_MCP_SHUTDOWN_GRACE_S',
    schema: intIn(0, 600).default(15),
    help: 'On SIGTERM/SIGINT, seconds left to calls in flight before the server closes anyway.',
  },
  maxBodyBytes: {
    flag: 'max-body-bytes',
    env: 'FOOTBALL_MCP_MAX_BODY_BYTES',
    schema: intIn(1024, 100_000_000).default(1_000_000),
    help: 'Largest accepted HTTP request body, bytes; larger gets 413.',
  },
  maxJsonDepth: {
    flag: 'max-json-depth',
    env: 'FOOTBALL_MCP_MAX_JSON_DEPTH',
    schema: wholeIn(2, 10_000, 'levels', '64').default(64),
    help: 'Most arrays and objects an HTTP request body may nest inside one another; deeper gets 400 (JSON-RPC -32600).',
  },
  headersTimeout: {
    flag: 'headers-timeout-s',
    env: 'FOOTBALL_MCP_HEADERS_TIMEOUT_S',
    schema: wholeIn(1, 600, 'seconds', '10').default(10),
    help: "Most seconds to receive an HTTP request's headers; past it the connection is closed (408).",
  },
  requestTimeout: {
    flag: 'request-timeout-s',
    env: 'FOOTBALL_MCP_REQUEST_TIMEOUT_S',
    schema: wholeIn(1, 3600, 'seconds', '30').default(30),
    help: 'Most seconds to receive a whole HTTP request, headers and body; past it the connection is closed (408), so an upload that stalls holds nothing for long. Answers (SSE streams) are not limited by it.',
  },
  bodyBudget: {
    flag: 'body-budget-bytes',
    env: 'FOOTBALL_MCP_BODY_BUDGET_BYTES',
    schema: wholeIn(1024, 4 * 1024 ** 3, 'bytes', '16777216 (16 MiB)').default(16 * 1024 * 1024),
    help: 'Most bytes of HTTP request bodies held while they are received, over all requests (never less than --max-body-bytes); a request that would pass it gets 503 with Retry-After.',
  },
  heapGrowth: {
    flag: 'heap-growth-percent',
    env: 'FOOTBALL_MCP_HEAP_GROWTH_PERCENT',
    schema: wholeIn(0, 1000, 'percent', '50').optional(),
    help: "How far the JavaScript heap may grow past what it holds live before V8 collects it, percent; set, the young generation also stays at its first size. Lower: less memory, more CPU spent collecting. Default 50 over HTTP (after npm run load: 177-186 MB resident instead of ~290; server CPU per cached call within the bench's noise), 0 over stdio; 0 leaves V8's own sizing, which lets a heap grow to ~4x its live data on a machine with much RAM.",
  },
  images: {
    flag: 'images',
    env: 'FOOTBALL_MCP_IMAGES',
    schema: z
      .preprocess(
        (v) => (typeof v === 'boolean' ? String(v) : typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.enum(['auto', 'inline', 'true', 'false']),
      )
      .default('auto'),
    help: 'PNG charts of answers where a picture says more than the table (comparison radar, report radar, group scatter; never plain rankings): auto = a resource_link to the PNG (read with resources/read; no image bytes in the answer), inline = the PNG in the answer, true = every chart inline (rankings too), false = none. Hosts that render MCP Apps get every chart in the app either way.',
  },
  chartCacheBytes: {
    flag: 'chart-cache-bytes',
    env: 'FOOTBALL_MCP_CHART_CACHE_BYTES',
    schema: wholeIn(65_536, 4 * 1024 ** 3, 'bytes', '33554432 (32 MiB)').default(32 * 1024 * 1024),
    help: 'Most bytes of linked charts kept in memory (SVG, and PNG once read), for the caller that made them; past it the least recently used go first, and reading one then says to call the tool again.',
  },
} as const;

type Settings = typeof SETTINGS;
export type Config = { [K in keyof Settings]: z.output<Settings[K]['schema']> };

export class ConfigError extends Error {}

const BOOLEAN_FLAGS = new Set(['sandbox', 'stateless', 'require-caller-key']);

/** Reads flags and env into a validated Config; throws ConfigError with a readable message. */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): Config | 'help' | 'version' {
  const options: Record<string, { type: 'string' | 'boolean' }> = {
    help: { type: 'boolean' },
    version: { type: 'boolean' },
  };
  for (const setting of Object.values(SETTINGS)) {
    options[setting.flag] = { type: BOOLEAN_FLAGS.has(setting.flag) ? 'boolean' : 'string' };
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}. Run with --help for the list of settings.`);
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(SETTINGS)) {
    const value = values[setting.flag] ?? emptyToUndefined(env[setting.env]);
    const parsed = (setting.schema as z.ZodType).safeParse(value);
    if (parsed.success) config[key] = parsed.data;
    else problems.push(`--${setting.flag} / ${setting.env}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  if (problems.length > 0) throw new ConfigError(`invalid settings:\n  ${problems.join('\n  ')}`);
  const { watchlistSameFetchS: same, watchlistWeekWindowS: window } = config as Config;
  if (same > window) {
    throw new ConfigError(
      `invalid settings:\n  --watchlist-same-fetch-s / FOOTBALL_MCP_WATCHLIST_SAME_FETCH_S (${same}) must be at most --watchlist-week-window-s / FOOTBALL_MCP_WATCHLIST_WEEK_WINDOW_S (${window}): parts fetched together are within one fetch window`,
    );
  }
  return config as Config;
}

/**
 * The store to open: the setting, or by default a directory in the user's cache over stdio (one user, who
 * restarts the assistant) and memory over HTTP (replicas share Redis, not a disk). `file` alone is that
 * directory too.
 */
/** With --sandbox, or with no key and no base URL, the embedded sandbox is the upstream. */
export function usesEmbeddedSandbox(config: Pick<Config, 'sandbox' | 'apiKey' | 'baseUrl'>): boolean {
  return config.sandbox || (!config.apiKey && !config.baseUrl);
}

export function storeSpec(config: Pick<Config, 'store' | 'transport'>, env: NodeJS.ProcessEnv): string {
  const given = config.store;
  if (given === undefined) return config.transport === 'stdio' ? `file:${defaultStoreDir(env)}` : 'memory';
  return given === 'file' ? `file:${defaultStoreDir(env)}` : given;
}

/**
 * An empty variable is an unset one; so is a host's placeholder left unreplaced, as an extension host may
 * pass `${user_config.api_key}` for a setting the user left blank (see scripts/pack-mcpb.mjs).
 */
function emptyToUndefined(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '' || /^\$\{user_config\.[\w.-]+\}$/.test(value.trim()))
    return undefined;
  return value;
}

export function helpText(): string {
  const rows = Object.values(SETTINGS).map((s) => `  --${s.flag.padEnd(22)} ${s.env.padEnd(32)} ${s.help}`);
  return [
    'football-scout-mcp: the Football Data API v1 for AI assistants, over MCP.',
    '',
    'With no FOOTBALL_API_KEY and no FOOTBALL_API_BASE_URL it runs on the embedded sandbox.',
    '',
    'Settings (flag, environment variable):',
    ...rows,
    '  --help, --version',
  ].join('\n');
}
