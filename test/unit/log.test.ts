import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, maskSecrets, withoutSecrets } from '../../src/log.js';

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

describe('maskSecrets and withoutSecrets', () => {
  const KEY = 'k3y/with "quote" & more';

  it('mask a key as it is, JSON-escaped and percent-encoded', () => {
    for (const form of [KEY, JSON.stringify(KEY).slice(1, -1), encodeURIComponent(KEY)]) {
      expect(maskSecrets(`before ${form} after`, [KEY])).toBe('before [redacted] after');
    }
  });

  it('clean every string and property name of a parsed answer, at any depth, and change nothing else', () => {
    const answer = { error: { param: KEY, n: 3, ok: true, none: null }, rows: [[`a ${KEY}`]], [KEY]: 1 };
    expect(withoutSecrets(answer, [KEY])).toEqual({
      error: { param: '[redacted]', n: 3, ok: true, none: null },
      rows: [['a [redacted]']],
      '[redacted]': 1,
    });
    expect(JSON.stringify(withoutSecrets(answer, [KEY]))).not.toContain('k3y');
  });
});
