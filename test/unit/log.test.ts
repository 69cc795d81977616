import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, SecretMask, startRedactor } from '../../src/log.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createLogger', () => {
  it('writes to stderr, never to stdout (stdout is the stdio protocol channel)', () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const logger = createLogger('debug', ['key_secret_123']);
    logger.debug('debug line');
    logger.info('info line', { a: 1 });
    logger.warn('warn line');
    logger.error('error line', { error: 'boom' });
    expect(stdout).not.toHaveBeenCalled();
    expect(stderr).toHaveBeenCalledTimes(4);
    const written = stderr.mock.calls.map((call) => String(call[0]));
    expect(written.every((line) => line.endsWith('\n'))).toBe(true);
    expect(written[1]).toBe('[football-scout-mcp] info info line {"a":1}\n');
  });

  it('redacts registered secrets in messages and fields', () => {
    const lines: string[] = [];
    const logger = createLogger('info', ['key_secret_123', 'other-token-xyz'], (line) => lines.push(line));
    logger.info('calling with key_secret_123', {
      header: 'X-API-Key: key_secret_123',
      also: 'other-token-xyz',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('key_secret_123');
    expect(lines[0]).not.toContain('other-token-xyz');
    expect(lines[0]?.match(/\[redacted\]/g)).toHaveLength(3);
  });

  it('redact() masks every occurrence for callers that build their own text', () => {
    const logger = createLogger('silent', ['key_secret_123'], () => {});
    expect(logger.redact('a key_secret_123 b key_secret_123')).toBe('a [redacted] b [redacted]');
  });

  it('ignores undefined secrets (no key configured)', () => {
    const lines: string[] = [];
    const logger = createLogger('info', [undefined], (line) => lines.push(line));
    logger.info('no key here');
    expect(lines).toEqual(['[football-scout-mcp] info no key here']);
  });

  it('filters by level; silent writes nothing', () => {
    const lines: string[] = [];
    const warn = createLogger('warn', [], (line) => lines.push(line));
    warn.debug('d');
    warn.info('i');
    warn.warn('w');
    warn.error('e');
    expect(lines).toEqual(['[football-scout-mcp] warn w', '[football-scout-mcp] error e']);
    const silent = createLogger('silent', [], (line) => lines.push(line));
    silent.error('nothing');
    expect(lines).toHaveLength(2);
  });
});

describe('SecretMask', () => {
  const KEY = 'k3y/with "quote" & more';
  const mask = new SecretMask([KEY, undefined, 'abc']);

  it('masks a key as it is, JSON-escaped and percent-encoded; not a "secret" of 3 characters', () => {
    for (const form of [KEY, JSON.stringify(KEY).slice(1, -1), encodeURIComponent(KEY)]) {
      expect(mask.text(`before ${form} after`)).toBe('before [redacted] after');
    }
    expect(mask.text('abc')).toBe('abc');
  });

  it('cleans every string and property name of a parsed answer, at any depth, and changes nothing else', () => {
    const answer = { error: { param: KEY, n: 3, ok: true, none: null }, rows: [[`a ${KEY}`]], [KEY]: 1 };
    expect(mask.json(answer)).toEqual({
      error: { param: '[redacted]', n: 3, ok: true, none: null },
      rows: [['a [redacted]']],
      '[redacted]': 1,
    });
    expect(mask.json(KEY)).toBe('[redacted]');
  });

  it('finds a key behind \\u escapes of the JSON text, and walks a deep answer without recursion', () => {
    const escaped = `{"param":"${[...'sk_live_hidden'].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`;
    const hidden = new SecretMask(['sk_live_hidden']);
    expect(escaped).not.toContain('sk_live_hidden');
    expect(hidden.mayHide(escaped)).toBe(true);
    expect(hidden.json(JSON.parse(escaped))).toEqual({ param: '[redacted]' });
    expect(hidden.mayHide('{"param":"plain"}')).toBe(false);
    const deep = JSON.parse(`${'['.repeat(100_000)}"sk_live_hidden"${']'.repeat(100_000)}`);
    let inner: unknown = hidden.json(deep);
    while (Array.isArray(inner)) inner = inner[0];
    expect(inner).toBe('[redacted]');
  });
});

describe('startRedactor', () => {
  const message = (key: string) => `cannot start: the key ${key} was refused`;

  it('masks the key from the variable and from --api-key in both its forms', () => {
    const variable = startRedactor({ FOOTBALL_API_KEY: 'env_key_secret_1' }, []);
    expect(variable(message('env_key_secret_1'))).not.toContain('env_key_secret_1');
    const spaced = startRedactor({}, ['--port', '3001', '--api-key', 'flag_key_secret_2']);
    expect(spaced(message('flag_key_secret_2'))).not.toContain('flag_key_secret_2');
    const joined = startRedactor({}, ['--api-key=flag_key_secret_3']);
    expect(joined(message('flag_key_secret_3'))).not.toContain('flag_key_secret_3');
  });

  it('leaves a text without a key as it is', () => {
    expect(startRedactor({}, ['--port', '3001'])(message('none'))).toBe(message('none'));
  });
});
