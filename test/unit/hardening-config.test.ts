// The settings of the hostile-upstream and hostile-caller hardening: defaults, sources, and refusals that
// say what is expected.
import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig } from '../../src/config.js';

function load(argv: string[] = [], env: NodeJS.ProcessEnv = {}): Config {
  const config = loadConfig(argv, env);
  if (typeof config === 'string') throw new Error(`unexpected ${config}`);
  return config;
}

function refusal(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    loadConfig(argv, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('--max-upstream-bytes / FOOTBALL_API_MAX_BODY_BYTES', () => {
  it('defaults to 16 MiB and reads the flag and the variable', () => {
    expect(load().maxUpstreamBytes).toBe(16 * 1024 * 1024);
    expect(load(['--max-upstream-bytes', '1048576']).maxUpstreamBytes).toBe(1_048_576);
    expect(load([], { FOOTBALL_API_MAX_BODY_BYTES: '2000000' }).maxUpstreamBytes).toBe(2_000_000);
  });

  it.each(['16MB', 'lots', '12.5', '100', String(2 ** 31)])('refuses %s, saying what it expects', (value) => {
    const message = refusal([], { FOOTBALL_API_MAX_BODY_BYTES: value });
    expect(message).toContain('--max-upstream-bytes / FOOTBALL_API_MAX_BODY_BYTES');
    expect(message).toContain(
      'must be a whole number of bytes from 1024 to 268435456, e.g. 16777216 (16 MiB)',
    );
  });
});

describe('--cache-max-bytes / FOOTBALL_CACHE_MAX_BYTES', () => {
  it('defaults to 64 MiB; 0 keeps nothing in memory', () => {
    expect(load().cacheMaxBytes).toBe(64 * 1024 * 1024);
    expect(load([], { FOOTBALL_CACHE_MAX_BYTES: '0' }).cacheMaxBytes).toBe(0);
  });

  it('refuses a unit it does not read, saying what it expects', () => {
    expect(refusal(['--cache-max-bytes', '64MiB'])).toContain(
      '--cache-max-bytes / FOOTBALL_CACHE_MAX_BYTES: must be a whole number of bytes',
    );
  });
});

describe('--store-timeout-ms / FOOTBALL_MCP_STORE_TIMEOUT_MS', () => {
  it('defaults to 250 ms and reads the variable', () => {
    expect(load().storeTimeoutMs).toBe(250);
    expect(load([], { FOOTBALL_MCP_STORE_TIMEOUT_MS: '1000' }).storeTimeoutMs).toBe(1000);
  });

  it('refuses a duration with a unit, saying what it expects', () => {
    expect(refusal(['--store-timeout-ms', '1s'])).toContain(
      '--store-timeout-ms / FOOTBALL_MCP_STORE_TIMEOUT_MS: must be a whole number of milliseconds from 10 to 60000',
    );
  });
});

describe('per-key fairness settings', () => {
  it('default to 8 in flight and 256 waiting per key', () => {
    expect(load()).toMatchObject({ maxInFlightPerKey: 8, maxQueuedPerKey: 256 });
    expect(load(['--max-in-flight-per-key', '4'], { FOOTBALL_API_MAX_QUEUED_PER_KEY: '0' })).toMatchObject({
      maxInFlightPerKey: 4,
      maxQueuedPerKey: 0,
    });
  });

  it('refuse 0 in flight (no request could ever go out)', () => {
    expect(refusal(['--max-in-flight-per-key', '0'])).toContain(
      '--max-in-flight-per-key / FOOTBALL_API_MAX_IN_FLIGHT_PER_KEY: must be a whole number of requests from 1 to 1000',
    );
  });
});

describe('--key-label-secret / FOOTBALL_MCP_KEY_LABEL_SECRET', () => {
  it('is unset by default and read from the variable', () => {
    expect(load().metricsKeySecret).toBeUndefined();
    const secret = '0123456789abcdef0123456789abcdef';
    expect(load([], { FOOTBALL_MCP_KEY_LABEL_SECRET: secret }).metricsKeySecret).toBe(secret);
  });

  it('refuses a secret too short to key anything, saying how to make one', () => {
    expect(refusal([], { FOOTBALL_MCP_KEY_LABEL_SECRET: 'short' })).toContain(
      '--key-label-secret / FOOTBALL_MCP_KEY_LABEL_SECRET: must be at least 16 characters, e.g. the output of: openssl rand -hex 32',
    );
  });
});
