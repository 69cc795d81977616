// The server's command line: started by src/index.ts, which loads it from a CommonJS bundle in a build.
import { connectHelp } from './app/connect-help.js';
import { createSharedUpstream, keyAsker, type Upstream } from './app/deps.js';
import { defaultHeapGrowth, limitHeapGrowth } from './app/heap.js';
import { guardWhileServing } from './app/process-guard.js';
import { selectTools } from './app/tool-selection.js';
import { type Config, ConfigError, helpText, loadConfig, storeSpec, usesEmbeddedSandbox } from './config.js';
import { DOCTOR_SUMMARY } from './doctor/usage.js';
import { KeyStanding } from './http/key-standing.js';
import { createLogger, type Logger, startRedactor } from './log.js';
import { serveStdio } from './mcp/stdio.js';
import type { ToolDefinition } from './mcp/tool.js';
import { StartError } from './start-error.js';
import { openStores, StoreDirError, type Stores, storesWithoutWatchlists } from './store/open.js';
import { VERSION } from './version.js';

type Closer = () => Promise<void>;

/** What the entry file gives: its own path and its import(), for the ES modules loaded on demand. */
export interface Entry {
  /** The file a host runs (dist/src/index.js), named in the connect help. */
  path: string;
  /**
   * import() as the entry file would call it (a relative path resolves beside it): the bundle is
   * CommonJS run through the V8 code cache, and Node 20 allows no import() in code compiled that way.
   */
  importEsm: (specifier: string) => Promise<unknown>;
}

/** Runs the command line; a failure to start is written to stderr and exits with 1. */
export function run(entry: Entry): void {
  main(entry).catch((error: unknown) => {
    const message = error instanceof StartError ? error.message : String((error as Error)?.stack ?? error);
    const redact = startRedactor(process.env, process.argv.slice(2));
    process.stderr.write(`football-scout-mcp: ${redact(message)}\n`);
    process.exit(1);
  });
}

async function main(entry: Entry): Promise<void> {
  if (process.argv[2] === 'doctor') {
    // Loaded only for the subcommand (tsc's ES modules): the server's start never parses it.
    const { runDoctor } = (await entry.importEsm('./doctor/main.js')) as typeof import('./doctor/main.js');
    process.exitCode = await runDoctor(process.argv.slice(3), process.env);
    return;
  }
  let config: Config;
  let tools: ToolDefinition[];
  try {
    const loaded = loadConfig(process.argv.slice(2), process.env);
    if (loaded === 'help') return void process.stderr.write(`${helpText()}\n\n${DOCTOR_SUMMARY}\n`);
    if (loaded === 'version') return void process.stderr.write(`${VERSION}\n`);
    config = loaded;
    tools = selectTools(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`football-scout-mcp: ${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  limitHeapGrowth(config.heapGrowth ?? defaultHeapGrowth(config.transport));
  const logger = createLogger(config.logLevel, [config.apiKey, ...config.authTokens]);
  const closers: Closer[] = [];
  const shutdown = once(async () => {
    logger.info('shutting down: finishing calls in flight');
    for (const close of closers.reverse()) await close().catch(() => undefined);
    process.exit(0);
  });
  // A bug must not take the server down in the middle of an assistant's session: log it instead.
  const onRejection = (reason: unknown) =>
    logger.error('unhandled rejection', {
      reason: logger.redact(String((reason as Error)?.stack ?? reason)),
    });
  process.on('unhandledRejection', onRejection);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const { upstream, sandbox } = await pickUpstream(config, logger, closers, entry);
  const stores = await pickStores(config, upstream, sandbox, logger);
  closers.push(() => stores.close());
  // prom-client is loaded only in HTTP mode, the one with a /metrics: a stdio start never runs it.
  const metrics =
    config.transport === 'http'
      ? new (await import('./http/metrics.js')).Metrics(config.maxKnownKeys)
      : undefined;
  // What the API said of each caller key: sessions of keys not yet accepted are on probation (stateful
  // HTTP only; without sessions nothing would read it).
  const standing =
    config.transport === 'http' && !config.stateless
      ? new KeyStanding({ refusedMs: config.refusedKey * 1000, maxKeys: config.maxKnownKeys })
      : undefined;
  const shared = createSharedUpstream(config, upstream, logger, stores, metrics, standing);
  closers.push(() => shared.close());
  if (stores.label !== 'memory') logger.info(`cache, quota and watchlist store: ${stores.label}`);

  if (config.transport === 'stdio') {
    const stdio = await serveStdio(shared.depsFor(undefined), shutdown, { tools });
    closers.push(async () => {
      // As over HTTP: calls in flight finish within the grace; those cut get an error, not silence.
      const cut = await stdio.drain(config.shutdownGrace * 1000);
      if (cut > 0) logger.warn(`shutdown: ${cut} call(s) still in flight after the grace period were cut`);
      await stdio.close();
    });
    logger.info(`serving MCP over stdio${sandbox ? ` on the embedded sandbox (${upstream.baseUrl})` : ''}`);
    return;
  }
  if (config.requireCallerKey && config.apiKey && !sandbox)
    logger.warn('FOOTBALL_MCP_REQUIRE_CALLER_KEY is on: FOOTBALL_API_KEY is never used for HTTP callers.');
  // Loaded only in HTTP mode: a stdio server starts without the HTTP layer.
  const { serveHttp } = await import('./http/serve.js');
  if (!metrics) throw new Error('metrics are made in HTTP mode');
  const http = await serveHttp(
    {
      upstream: shared,
      stores,
      metrics,
      logger,
      ...(standing ? { keys: { standing, ask: keyAsker(shared, config.timeoutMs) } } : {}),
    },
    {
      bindHost: config.host,
      port: config.port,
      allowedHosts: config.allowedHosts,
      allowedOrigins: config.allowedOrigins,
      maxBodyBytes: config.maxBodyBytes,
      maxJsonDepth: config.maxJsonDepth,
      bodyBudgetBytes: config.bodyBudget,
      headersTimeoutMs: config.headersTimeout * 1000,
      requestTimeoutMs: config.requestTimeout * 1000,
      stateless: config.stateless,
      access: { tokens: config.authTokens, requireCallerKey: config.requireCallerKey },
      maxSessions: config.maxSessions,
      sessionIdleMs: config.sessionIdle * 1000,
      ...(config.maxProbationSessions !== undefined
        ? { maxProbationSessions: config.maxProbationSessions }
        : {}),
      probationIdleMs: config.probationIdle * 1000,
      shutdownGraceMs: config.shutdownGrace * 1000,
      servers: { maxIdleServers: config.maxIdleServers, maxSharedServers: config.maxSharedServers },
      server: { tools },
    },
  );
  closers.push(() => http.close());
  // Serving: from here nothing that slips through may end the process (process-guard.ts).
  process.off('unhandledRejection', onRejection);
  guardWhileServing(logger);
  process.stderr.write(
    `${connectHelp(http.url, sandbox ? upstream : undefined, entry.path, {
      token: config.authTokens.length > 0,
      callerKey: config.requireCallerKey || (!config.apiKey && !sandbox),
    })}\n`,
  );
}

/**
 * Opens the store the settings name (by default a directory in the user's cache over stdio, memory over
 * HTTP). Cached answers and quota states are partitioned by upstream: a store kept across restarts or
 * shared must not answer for another API address, nor for another seed, dialect or week of the sandbox.
 * When the default directory cannot be used the server still starts and says so: watchlist tools answer
 * that error (never an empty list on memory), the other tools work.
 */
async function pickStores(
  config: Config,
  upstream: Upstream,
  sandbox: boolean,
  logger: Logger,
): Promise<Stores> {
  const spec = storeSpec(config, process.env);
  const partition = sandbox
    ? `sandbox:${config.sandboxSeed}:${config.sandboxStyle === undefined ? config.sandboxDialect : `style=${config.sandboxStyle}`}:week${config.sandboxWeek}`
    : upstreamAddress(upstream.baseUrl);
  const limits = {
    maxWatchlists: config.watchlistMax,
    maxPlayers: config.watchlistMaxPlayers,
    snapshots: config.watchlistSnapshots,
    maxBytes: config.watchlistMaxBytes,
  };
  const options = {
    maxEntries: config.cacheMaxEntries,
    maxBytes: config.cacheMaxBytes,
    partition,
    watchlists: limits,
    timeoutMs: config.storeTimeoutMs,
    watchlistTimeoutMs: config.watchlistStoreTimeoutMs,
    maxKnownKeys: config.maxKnownKeys,
    logger,
    ...(config.watchlistStore !== undefined ? { watchlistStore: config.watchlistStore } : {}),
  };
  try {
    return await openStores(spec, options);
  } catch (error) {
    const chosen = config.store !== undefined || config.watchlistStore !== undefined;
    if (chosen || !(error instanceof StoreDirError)) throw error;
    logger.warn(
      `${error.message}. Watchlist tools answer an error until this is fixed (lists kept there are untouched); the other tools work, caching in memory only until exit.`,
    );
    return storesWithoutWatchlists(error, config.cacheMaxEntries, {
      maxBytes: config.cacheMaxBytes,
      watchlists: limits,
      maxKnownKeys: config.maxKnownKeys,
    });
  }
}

function upstreamAddress(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** With no key and no base URL (or with --sandbox) the embedded sandbox is the upstream. */
async function pickUpstream(config: Config, logger: Logger, closers: Closer[], entry: Entry) {
  if (!usesEmbeddedSandbox(config)) {
    if (!config.baseUrl) {
      throw new StartError(
        'FOOTBALL_API_KEY is set but FOOTBALL_API_BASE_URL is not: set it to the base address of your Football Data API (the part before /v1), or unset the key to use the sandbox.',
      );
    }
    if (!config.apiKey)
      logger.warn(
        config.transport === 'http'
          ? 'FOOTBALL_API_KEY is not set: each HTTP caller must send its own key in X-API-Key, or its calls answer "no API key configured".'
          : 'FOOTBALL_API_KEY is not set: every tool call will answer "no API key configured".',
      );
    logger.info(`using the Football Data API at ${upstreamAddress(config.baseUrl)}`);
    return {
      upstream: { baseUrl: config.baseUrl, apiKey: config.apiKey } satisfies Upstream,
      sandbox: false,
    };
  }
  // Loaded only in sandbox mode (tsc's ES modules): the client never imports the sandbox.
  const { startSandbox } = (await entry.importEsm(
    './sandbox/server.js',
  )) as typeof import('./sandbox/server.js');
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    seed: config.sandboxSeed,
    dialect: config.sandboxDialect,
    ...(config.sandboxStyle === undefined ? {} : { style: config.sandboxStyle }),
    week: config.sandboxWeek,
    warm: config.sandboxWarm,
  });
  closers.push(() => sandbox.close());
  logger.info(
    `running on the embedded sandbox API at ${sandbox.url} (synthetic data${sandbox.style ? `, ${sandbox.style}` : sandbox.dialect === 'standard' ? '' : `, ${sandbox.dialect} dialect`}${sandbox.week === 0 ? '' : `, week ${sandbox.week}`}); set FOOTBALL_API_KEY and FOOTBALL_API_BASE_URL for the real API`,
  );
  return {
    upstream: { baseUrl: sandbox.url, apiKey: sandbox.demoKey } satisfies Upstream,
    sandbox: true,
  };
}

function once(fn: () => Promise<void>): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    void fn();
  };
}
