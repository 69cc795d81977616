import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, helpText, loadConfig, SETTINGS } from '../../src/config.js';

function load(argv: string[] = [], env: NodeJS.ProcessEnv = {}): Config {
  const config = loadConfig(argv, env);
  if (typeof config === 'string') throw new Error(`unexpected ${config}`);
  return config;
}

function configError(argv: string[], env: NodeJS.ProcessEnv = {}): ConfigError {
  try {
    loadConfig(argv, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('learning names', () => {
  it('is on unless turned off by flag or variable', () => {
    expect(load().learnNames).toBe(true);
    expect(load(['--learn-names', 'false']).learnNames).toBe(false);
    expect(load([], { FOOTBALL_API_LEARN_NAMES: 'off' }).learnNames).toBe(false);
  });
});

describe('warming the embedded sandbox', () => {
  it('is on unless turned off by flag or variable', () => {
    expect(load().sandboxWarm).toBe(true);
    expect(load(['--sandbox-warm', 'false']).sandboxWarm).toBe(false);
    expect(load([], { FOOTBALL_SANDBOX_WARM: '0' }).sandboxWarm).toBe(false);
  });
});

describe('loadConfig defaults', () => {
  it('gives every documented default with no flags and no env', () => {
    expect(load()).toEqual({
      apiKey: undefined,
      baseUrl: undefined,
      timeoutMs: 10_000,
      retries: 2,
      maxRetryAfterMs: 20_000,
      maxUpstreamBytes: 16 * 1024 * 1024,
      maxPages: 10,
      maxRedirects: 5,
      upstreamConnections: 32,
      maxInFlightPerKey: 8,
      maxQueuedPerKey: 256,
      sandbox: false,
      sandboxSeed: 'football-scout',
      sandboxDialect: 'standard',
      sandboxWeek: 0,
      sandboxWarm: true,
      transport: 'stdio',
      host: '127.0.0.1',
      port: 3000,
      allowedHosts: [],
      allowedOrigins: [],
      cacheTtlReference: 86_400,
      cacheTtlComputed: 21_600,
      cacheTtlAccount: 300,
      cacheStaleMaxAge: 86_400,
      cacheMaxEntries: 5000,
      cacheMaxBytes: 64 * 1024 * 1024,
      learnNames: true,
      toolsets: [],
      tools: [],
      logLevel: 'info',
      stateless: false,
      store: undefined,
      storeTimeoutMs: 250,
      watchlistStoreTimeoutMs: 2000,
      metricsKeySecret: undefined,
      watchlistMax: 50,
      watchlistMaxPlayers: 200,
      watchlistSnapshots: 8,
      watchlistMaxBytes: 8_000_000,
      watchlistWeekWindowS: 300,
      watchlistSameFetchS: 60,
      authTokens: [],
      requireCallerKey: false,
      maxSessions: 1000,
      sessionIdle: 1800,
      maxSharedServers: 64,
      maxIdleServers: 256,
      maxKnownKeys: 10_000,
      maxProbationSessions: undefined,
      probationIdle: 60,
      refusedKey: 60,
      shutdownGrace: 15,
      maxBodyBytes: 1_000_000,
      maxJsonDepth: 64,
      headersTimeout: 10,
      requestTimeout: 30,
      bodyBudget: 16 * 1024 * 1024,
      images: 'auto',
      chartCacheBytes: 32 * 1024 * 1024,
    });
  });

  it('treats blank environment variables as unset', () => {
    expect(
      load([], { FOOTBALL_API_KEY: '   ', FOOTBALL_API_TIMEOUT_MS: '', FOOTBALL_MCP_PORT: ' ' }),
    ).toMatchObject({
      apiKey: undefined,
      timeoutMs: 10_000,
      port: 3000,
    });
  });

  it('--help and --version are answered before any validation', () => {
    expect(loadConfig(['--help'], { FOOTBALL_MCP_PORT: 'nope' })).toBe('help');
    expect(loadConfig(['--version'], {})).toBe('version');
  });
});

describe('loadConfig sources', () => {
  it('reads the fixed environment variable names', () => {
    expect(
      load([], {
        FOOTBALL_API_KEY: 'key_secret_123',
        FOOTBALL_API_BASE_URL: 'https://api.example.com/football',
        FOOTBALL_API_TIMEOUT_MS: '5000',
      }),
    ).toMatchObject({
      apiKey: 'key_secret_123',
      baseUrl: 'https://api.example.com/football',
      timeoutMs: 5000,
    });
  });

  it('a flag wins over its environment variable', () => {
    const config = load(['--timeout-ms', '7000', '--transport=http', '--port', '0'], {
      FOOTBALL_API_TIMEOUT_MS: '5000',
      FOOTBALL_MCP_TRANSPORT: 'stdio',
      FOOTBALL_MCP_PORT: '4000',
    });
    expect(config).toMatchObject({ timeoutMs: 7000, transport: 'http', port: 0 });
  });

  it('the environment variable is used when the flag is absent', () => {
    expect(load(['--port', '4001'], { FOOTBALL_API_RETRIES: '0' })).toMatchObject({ port: 4001, retries: 0 });
  });

  it('trims the API key', () => {
    expect(load([], { FOOTBALL_API_KEY: ' key_secret_123 \n' }).apiKey).toBe('key_secret_123');
  });

  it('parses comma-separated lists, dropping blanks', () => {
    const config = load(['--allowed-origins', 'https://a.example, https://b.example'], {
      FOOTBALL_MCP_ALLOWED_HOSTS: 'mcp.example.com, tunnel.example:8443,, ',
    });
    expect(config.allowedHosts).toEqual(['mcp.example.com', 'tunnel.example:8443']);
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  for (const value of ['0', 'false', 'FALSE', 'no', 'off']) {
    it(`FOOTBALL_SANDBOX=${value} is false`, () => {
      expect(load([], { FOOTBALL_SANDBOX: value }).sandbox).toBe(false);
    });
  }

  for (const value of ['1', 'true', 'yes', 'on']) {
    it(`FOOTBALL_SANDBOX=${value} is true`, () => {
      expect(load([], { FOOTBALL_SANDBOX: value }).sandbox).toBe(true);
    });
  }

  it('the --sandbox flag wins over FOOTBALL_SANDBOX=0', () => {
    expect(load(['--sandbox'], { FOOTBALL_SANDBOX: '0' }).sandbox).toBe(true);
  });
});

describe('loadConfig refusals', () => {
  const invalid: [string[], NodeJS.ProcessEnv, string, string][] = [
    [['--timeout-ms', 'abc'], {}, '--timeout-ms', 'FOOTBALL_API_TIMEOUT_MS'],
    [[], { FOOTBALL_API_TIMEOUT_MS: '50' }, '--timeout-ms', 'FOOTBALL_API_TIMEOUT_MS'],
    [[], { FOOTBALL_API_TIMEOUT_MS: '1500.5' }, '--timeout-ms', 'FOOTBALL_API_TIMEOUT_MS'],
    [['--retries', '9'], {}, '--retries', 'FOOTBALL_API_RETRIES'],
    [[], { FOOTBALL_MCP_PORT: '70000' }, '--port', 'FOOTBALL_MCP_PORT'],
    [['--transport', 'websocket'], {}, '--transport', 'FOOTBALL_MCP_TRANSPORT'],
    [[], { FOOTBALL_API_BASE_URL: 'not a url' }, '--base-url', 'FOOTBALL_API_BASE_URL'],
    [[], { FOOTBALL_API_BASE_URL: 'ftp://files.example.com' }, '--base-url', 'FOOTBALL_API_BASE_URL'],
    [['--log-level', 'loud'], {}, '--log-level', 'FOOTBALL_MCP_LOG_LEVEL'],
    [[], { FOOTBALL_CACHE_TTL_COMPUTED_S: '-1' }, '--cache-ttl-computed', 'FOOTBALL_CACHE_TTL_COMPUTED_S'],
    [['--upstream-connections', '0'], {}, '--upstream-connections', 'FOOTBALL_API_CONNECTIONS'],
    [[], { FOOTBALL_MCP_MAX_SHARED_SERVERS: '0' }, '--max-shared-servers', 'FOOTBALL_MCP_MAX_SHARED_SERVERS'],
    [['--max-idle-servers=-1'], {}, '--max-idle-servers', 'FOOTBALL_MCP_MAX_IDLE_SERVERS'],
    [[], { FOOTBALL_MCP_MAX_KNOWN_KEYS: 'many' }, '--max-known-keys', 'FOOTBALL_MCP_MAX_KNOWN_KEYS'],
    [
      ['--watchlist-week-window-s', '0'],
      {},
      '--watchlist-week-window-s',
      'FOOTBALL_MCP_WATCHLIST_WEEK_WINDOW_S',
    ],
    [
      [],
      { FOOTBALL_MCP_WATCHLIST_SAME_FETCH_S: '1.5' },
      '--watchlist-same-fetch-s',
      'FOOTBALL_MCP_WATCHLIST_SAME_FETCH_S',
    ],
    // Parts fetched together must be within one fetch window.
    [
      ['--watchlist-same-fetch-s', '600'],
      {},
      '--watchlist-same-fetch-s',
      'FOOTBALL_MCP_WATCHLIST_SAME_FETCH_S',
    ],
  ];
  for (const [argv, env, flag, variable] of invalid) {
    it(`${JSON.stringify(argv)} ${JSON.stringify(env)} → ConfigError naming ${flag} and ${variable}`, () => {
      const error = configError(argv, env);
      expect(error.message).toContain(`${flag} / ${variable}`);
    });
  }

  it('reports every invalid setting at once', () => {
    const error = configError(['--port', 'x'], { FOOTBALL_API_RETRIES: '99' });
    expect(error.message).toContain('--port / FOOTBALL_MCP_PORT');
    expect(error.message).toContain('--retries / FOOTBALL_API_RETRIES');
  });

  it('an unknown flag is a ConfigError pointing at --help', () => {
    const error = configError(['--api-keyy', 'x'], {});
    expect(error.message).toContain('api-keyy');
    expect(error.message).toContain('--help');
  });

  it('a positional argument is a ConfigError', () => {
    expect(configError(['stdio'], {})).toBeInstanceOf(ConfigError);
  });

  it('a value given to the boolean --sandbox flag is a ConfigError', () => {
    expect(configError(['--sandbox=false'], {})).toBeInstanceOf(ConfigError);
  });
});

describe('helpText', () => {
  it('lists every flag and environment variable', () => {
    const text = helpText();
    for (const setting of Object.values(SETTINGS)) {
      expect(text).toContain(`--${setting.flag}`);
      expect(text).toContain(setting.env);
    }
  });
});
