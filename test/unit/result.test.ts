import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiClient, Source } from '../../src/api/client.js';
import {
  AbortedError,
  type ApiError,
  type ApiErrorKind,
  BadRequestError,
  BadResponseError,
  ForbiddenError,
  InvalidArgumentError,
  NetworkError,
  NotFoundError,
  QuotaExhaustedError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
  UpstreamServerError,
} from '../../src/api/errors.js';
import type { Quota } from '../../src/api/quota.js';
import { RoleCatalog } from '../../src/facts/role-catalog.js';
import { createLogger } from '../../src/log.js';
import { envelopeSchema, errorResult, errorText, quotaLine, successResult } from '../../src/mcp/result.js';
import { tabulate } from '../../src/mcp/tabular.js';

const SECRET = 'key_secret_123';
const RESET = '2026-03-02T00:00:00.000Z';

function collector() {
  const lines: string[] = [];
  const logger = createLogger('debug', [SECRET], (line) => lines.push(line));
  return { lines, logger };
}

const ALL_KINDS: ApiErrorKind[] = [
  'invalid_argument',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'quota_exhausted',
  'server',
  'network',
  'timeout',
  'bad_response',
  'aborted',
];

/** One error of each kind, and what its text must mention for the model to recover. */
const EXAMPLES: { error: ApiError; mentions: (string | RegExp)[] }[] = [
  { error: new InvalidArgumentError('season', 'write it like "25-26"'), mentions: ['season', '25-26'] },
  { error: new BadRequestError('saison'), mentions: ['"season"'] },
  { error: new UnauthorizedError('missing'), mentions: ['FOOTBALL_API_KEY', 'sandbox'] },
  { error: new UnauthorizedError('rejected'), mentions: ['FOOTBALL_API_KEY', /refused the API key/] },
  { error: new ForbiddenError(), mentions: ['list_leagues'] },
  { error: new NotFoundError(), mentions: [/identifier/] },
  { error: new RateLimitedError(RESET), mentions: [RESET, 'quota_status', '429'] },
  { error: new QuotaExhaustedError(RESET), mentions: [RESET, 'no request was sent', 'quota_status'] },
  { error: new UpstreamServerError(503), mentions: ['503', /try again/i] },
  {
    error: new NetworkError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })),
    mentions: ['FOOTBALL_API_BASE_URL'],
  },
  { error: new TimeoutError(50), mentions: ['FOOTBALL_API_TIMEOUT_MS'] },
  { error: new BadResponseError('unexpected shape at data'), mentions: [/cannot read/] },
  { error: new AbortedError(), mentions: ['cancelled'] },
];

describe('errorText', () => {
  it('the examples cover every ApiError kind', () => {
    expect(new Set(EXAMPLES.map((e) => e.error.kind))).toEqual(new Set(ALL_KINDS));
  });

  for (const { error, mentions } of EXAMPLES) {
    it(`${error.kind}${error instanceof UnauthorizedError ? ` (${error.problem})` : ''}: non-empty, with its recovery path`, () => {
      const { logger } = collector();
      const text = errorText(error, logger);
      expect(text.trim().length).toBeGreaterThan(20);
      for (const mention of mentions) {
        if (typeof mention === 'string') expect(text).toContain(mention);
        else expect(text).toMatch(mention);
      }
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/Internal error/);
    });
  }

  it('a 404 uses the hint of the tool when given one', () => {
    const { logger } = collector();
    const hint =
      'No player with this id. player_id changes every season: call resolve_players to refresh it.';
    expect(errorText(new NotFoundError(), logger, hint)).toBe(hint);
    expect(errorResult(new NotFoundError(), logger, hint)).toEqual({
      isError: true,
      content: [{ type: 'text', text: hint }],
    });
  });

  it('the hint is only for 404s', () => {
    const { logger } = collector();
    expect(errorText(new ForbiddenError(), logger, 'HINT')).not.toContain('HINT');
  });

  it('a 429 without a known reset says so without a time', () => {
    const { logger } = collector();
    const text = errorText(new RateLimitedError(null), logger);
    expect(text).toContain('429');
    expect(text).not.toContain('resets at');
  });

  const mapped: [string, string][] = [
    ['saison', 'season'],
    ['ageMax', 'max_age'],
    ['minutesMin', 'min_minutes'],
    ['q', 'query'],
    ['league', 'league'],
  ];
  for (const [upstreamName, argument] of mapped) {
    it(`a 400 on the upstream parameter ${upstreamName} names the argument ${argument}`, () => {
      const { logger } = collector();
      const text = errorText(new BadRequestError(upstreamName), logger);
      expect(text).toContain(`"${argument}"`);
      if (upstreamName !== argument) expect(text).not.toContain(`"${upstreamName}"`);
    });
  }

  it('a 400 without a parameter still says what to check', () => {
    const { logger } = collector();
    const text = errorText(new BadRequestError(undefined), logger);
    expect(text).toMatch(/rejected the request/);
    expect(text).toContain('list_roles');
  });

  it('an argument the client refused is followed by the tool that lists the right values', async () => {
    const { logger } = collector();
    const refused = (lookup: ConstructorParameters<typeof InvalidArgumentError>[3]) =>
      errorText(new InvalidArgumentError('x', '"y" is wrong. Closest: z.', ['z', 'w'], lookup), logger);
    expect(refused({ kind: 'leagues' })).toBe(
      'Invalid x: "y" is wrong. Closest: z. Call list_leagues for the exact names, or name a country and a tier ("Dutch top flight").',
    );
    expect(refused({ kind: 'statistics' })).toBe(
      'Invalid x: "y" is wrong. Closest: z. get_glossary lists them all.',
    );
    expect(refused({ kind: 'roles' })).toBe(
      'Invalid x: "y" is wrong. Closest: z. Pass a key or an English name from list_roles (31 roles).',
    );
    expect(refused(undefined)).toBe('Invalid x: "y" is wrong. Closest: z.');
    // A position word, refused by the role catalogue before any upstream call.
    const catalog = new RoleCatalog({} as ApiClient);
    const error = await catalog.resolve('CB').catch((e: unknown) => e);
    expect(errorText(error, logger)).toMatch(
      /^Invalid role: "CB" names a position \(.+\), not one role: .+\. Pass one of them, or give "CB" to scout_players, which searches all 4 at once\.$/,
    );
  });

  it('an unreadable answer is logged as a warning', () => {
    const { logger, lines } = collector();
    errorText(new BadResponseError('unexpected shape at data.0.name'), logger);
    expect(lines.some((l) => l.includes(' warn ') && l.includes('data.0.name'))).toBe(true);
  });

  it('an unexpected Error yields the generic message and is logged with the secret redacted', () => {
    const { logger, lines } = collector();
    const error = new TypeError(`cannot read x of undefined while calling with ${SECRET}`);
    const text = errorText(error, logger);
    expect(text).toMatch(/^Internal error in football-scout-mcp/);
    expect(text).not.toContain('cannot read');
    expect(text).not.toContain(SECRET);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(' error ');
    expect(lines[0]).toContain('cannot read x of undefined');
    expect(lines[0]).toContain('[redacted]');
    expect(lines[0]).not.toContain(SECRET);
  });

  it('a thrown non-Error value is handled the same way', () => {
    const { logger, lines } = collector();
    const result = errorResult(`raw string with ${SECRET}`, logger);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(lines.join('\n')).toContain('[redacted]');
    expect(lines.join('\n')).not.toContain(SECRET);
  });
});

describe('successResult', () => {
  const quota: Quota = {
    limit: 10000,
    remaining: 9876,
    reset: RESET,
    unlimited: false,
    observed_at: '2026-03-01T11:00:00.000Z',
  };
  const fresh: Source = { cached: false, fetched_at: '2026-03-01T11:00:00.000Z' };
  const data = [{ rank: 1, name: 'A. Player' }];

  it('puts data, quota and source in structuredContent, matching the envelope schema', () => {
    const rows = z.array(z.object({ rank: z.number(), name: z.string() }));
    const table = tabulate(data, rows);
    const result = successResult({ data: table, quota, source: fresh }, 'rank | name\n1 | A. Player');
    expect(result.structuredContent).toEqual({
      data: { columns: ['rank', 'name'], rows: [[1, 'A. Player']] },
      quota: { limit: 10000, remaining: 9876, reset: RESET, unlimited: false },
      source: { cached: false, fetched_at: '2026-03-01T11:00:00Z' },
    });
    const schema = envelopeSchema(rows).strict();
    expect(schema.safeParse(result.structuredContent).success).toBe(true);
    expect(result.isError).toBeUndefined();
  });

  it("leaves out quota figures the API has not reported, and an unlimited plan's reset", () => {
    const unknown: Quota = { limit: null, remaining: null, reset: null, unlimited: false, observed_at: null };
    const none = successResult({ data, quota: unknown, source: fresh }, 'table');
    expect((none.structuredContent as { quota: unknown }).quota).toEqual({ unlimited: false });
    const unlimited: Quota = { ...unknown, reset: RESET, unlimited: true };
    const result = successResult({ data, quota: unlimited, source: fresh }, 'table');
    expect((result.structuredContent as { quota: unknown }).quota).toEqual({ unlimited: true });
  });

  it('writes the text, then the footer with the quota and the origin of the answer as a block of its own', () => {
    const result = successResult({ data, quota, source: fresh }, 'rank | name\n1 | A. Player');
    expect(result.content).toHaveLength(2);
    const [text, footer] = result.content.map((c) => (c as { type: string; text: string }).text);
    expect(text).toBe('rank | name\n1 | A. Player');
    expect(footer).toContain('fresh answer');
    expect(footer).toContain('quota: 9876 of 10000 requests left today, resets 2026-03-02 00:00 UTC');
  });

  it('says when an answer came from the cache, and that it cost no quota', () => {
    const result = successResult(
      { data, quota, source: { cached: true, fetched_at: '2026-03-01T09:30:12.345Z' } },
      'table',
    );
    expect(result.structuredContent).toMatchObject({
      source: { cached: true, fetched_at: '2026-03-01T09:30:12Z' },
    });
    const text = (result.content[1] as { text: string }).text;
    expect(text).toContain('from the cache (fetched 2026-03-01 09:30 UTC; no quota used)');
  });

  it('says an answer is mixed, with both counts, when some parts were asked and some cached', () => {
    const source = { cached: false, fetched_at: '2026-03-01T09:30:12.345Z', sent: 3, from_cache: 5 };
    const result = successResult({ data, quota, source }, 'table');
    expect(result.structuredContent).toMatchObject({ source: { cached: false, sent: 3, from_cache: 5 } });
    const text = (result.content[1] as { text: string }).text;
    expect(text).toContain(
      'partly from the cache: 3 sent, 5 from the cache (oldest part fetched 2026-03-01 09:30 UTC)',
    );
  });

  it('adds notes to both the text and structuredContent, and extra fields alongside data', () => {
    const result = successResult(
      {
        data,
        quota,
        source: fresh,
        notes: ['role "regista" was renamed'],
        extra: { role: 'meneur_de_jeu_en_retrait' },
      },
      'table',
    );
    expect(result.structuredContent).toMatchObject({
      notes: ['role "regista" was renamed'],
      role: 'meneur_de_jeu_en_retrait',
    });
    expect((result.content[0] as { text: string }).text).toContain('Note: role "regista" was renamed');
  });

  it('omits notes when there are none', () => {
    const result = successResult({ data, quota, source: fresh, notes: [] }, 'table');
    expect(result.structuredContent).not.toHaveProperty('notes');
  });

  it('quotaLine covers unlimited plans and a quota not yet reported', () => {
    expect(quotaLine({ ...quota, limit: null, remaining: null, unlimited: true })).toBe(
      'quota: unlimited plan',
    );
    expect(
      quotaLine({ limit: null, remaining: null, reset: null, unlimited: false, observed_at: null }),
    ).toBe('quota: not reported yet');
    expect(quotaLine({ ...quota, limit: null, reset: null })).toBe('quota: 9876 requests left today');
  });
});

describe('watchlist refusals', () => {
  it('a WatchlistError says what was refused, that nothing changed, and what to do', async () => {
    const { WatchlistError } = await import('../../src/store/watchlists.js');
    const { logger } = collector();
    const name = errorText(
      new WatchlistError('invalid_name', 'a watchlist name has 1 to 60 characters'),
      logger,
    );
    expect(name).toMatch(
      /^Invalid watchlist: a watchlist name has 1 to 60 characters\. Nothing was changed\.$/,
    );
    const full = errorText(new WatchlistError('too_many_players', 'would hold 4 players; at most 3'), logger);
    expect(full).toContain('Nothing was changed');
    expect(full).toContain('remove');
    expect(errorText(new WatchlistError('busy', 'locked'), logger)).toContain('call again');
  });

  it('a store that did not answer: nothing changed before the change was sent, unknown after', async () => {
    const { WatchlistError } = await import('../../src/store/watchlists.js');
    const { lines, logger } = collector();
    const before = errorText(
      new WatchlistError('unavailable', 'the store did not answer within 250 ms'),
      logger,
    );
    expect(before).toContain('the store did not answer within 250 ms. Nothing was changed');
    const after = errorText(
      new WatchlistError('outcome_unknown', 'no answer after the change was sent'),
      logger,
    );
    expect(after).toContain('may or may not have been stored');
    expect(after).not.toContain('Nothing was changed');
    expect(after).toContain('look before calling again');
    expect(lines).toEqual([]);
  });

  it("a RefusedError's own text is the answer", async () => {
    const { RefusedError } = await import('../../src/mcp/result.js');
    const { lines, logger } = collector();
    expect(errorText(new RefusedError('Nothing was sent.'), logger)).toBe('Nothing was sent.');
    expect(lines).toEqual([]);
  });
});
