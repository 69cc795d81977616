// X-RateLimit-Reset in every form seen or allowed, read into one instant; an unreadable one is said in
// the quota line and in every result's quota, never dropped.
import { describe, expect, it } from 'vitest';
import { QuotaTracker } from '../../src/api/quota.js';
import { readResetTime } from '../../src/api/reset-time.js';
import { quotaLine } from '../../src/mcp/result.js';

const NOW = Date.parse('2026-11-25T15:30:00.000Z');
const MIDNIGHT = '2026-11-26T00:00:00.000Z';

describe('readResetTime', () => {
  const forms: [string, string][] = [
    ['2026-11-26T00:00:00Z', MIDNIGHT],
    ['2026-11-26T00:00:00.000Z', MIDNIGHT],
    ['20261126T000000Z', MIDNIGHT],
    ['20261126T0000Z', MIDNIGHT],
    ['20261126T00Z', MIDNIGHT],
    ['20261126T000000.000Z', MIDNIGHT],
    ['20261126T000000,5Z', '2026-11-26T00:00:00.500Z'],
    ['2026-11-26T01:00:00+01:00', MIDNIGHT],
    ['20261126T010000+0100', MIDNIGHT],
    ['2026-11-25T19:00:00-05', MIDNIGHT],
    ['2026-11-25T24:00:00Z', MIDNIGHT],
    ['2026-11-26 00:00:00Z', MIDNIGHT],
    ['2026-11-26T00:00:00', MIDNIGHT],
    ['2026-11-26', MIDNIGHT],
    ['20261126', MIDNIGHT],
    ['2026-330', MIDNIGHT],
    ['2026W484', MIDNIGHT],
    ['2026-W48-4T00:00Z', MIDNIGHT],
    ['Thu, 26 Nov 2026 00:00:00 GMT', MIDNIGHT],
    ['1795651200', MIDNIGHT],
    ['1795651200000', MIDNIGHT],
    ['30600', MIDNIGHT],
    ['1', '2026-11-25T15:30:01.000Z'],
  ];
  it.each(forms)('reads %s as %s', (text, iso) => {
    expect(readResetTime(text, NOW)).toEqual({ at: iso });
  });

  const unreadable = ['tomorrow', '2026-13-01', '2026-02-30', '20261126T250000Z', '5000000', '', 'T00:00Z'];
  it.each(unreadable)('%j is unreadable, given back as it came', (text) => {
    expect(readResetTime(text, NOW)).toEqual({ unreadable: text });
  });

  it('gives back an unreadable value printable and short', () => {
    const reading = readResetTime(`soon\u0007${'x'.repeat(80)}`, NOW);
    expect(reading).toEqual({ unreadable: `soon?${'x'.repeat(35)}…` });
  });
});

describe('the quota line', () => {
  const headers = (reset: string) => ({
    'x-ratelimit-limit': '100',
    'x-ratelimit-remaining': '42',
    'x-ratelimit-reset': reset,
  });

  it('shows a reset in the basic ISO 8601 form', () => {
    const tracker = new QuotaTracker(() => NOW);
    tracker.observe(200, headers('20261126T000000Z'));
    expect(tracker.current().reset).toBe(MIDNIGHT);
    expect(quotaLine(tracker.current())).toBe(
      'quota: 42 of 100 requests left today, resets 2026-11-26 00:00 UTC',
    );
  });

  it('says an unreadable reset, with what came', () => {
    const tracker = new QuotaTracker(() => NOW);
    tracker.observe(200, headers('next tuesday'));
    expect(tracker.current()).toMatchObject({ reset: null, reset_unreadable: 'next tuesday' });
    expect(quotaLine(tracker.current())).toBe(
      'quota: 42 of 100 requests left today, reset time unreadable: "next tuesday"',
    );
  });

  it('names an earlier reset shown beside an unreadable one as earlier', () => {
    const tracker = new QuotaTracker(() => NOW);
    tracker.observe(200, headers(MIDNIGHT));
    tracker.observe(200, headers('next tuesday'));
    expect(quotaLine(tracker.current())).toBe(
      `quota: 42 of 100 requests left today, resets 2026-11-26 00:00 UTC (an earlier answer's; latest reset time unreadable: "next tuesday")`,
    );
    tracker.observe(200, headers(MIDNIGHT));
    expect(tracker.current().reset_unreadable).toBeUndefined();
  });

  it('names a reset assumed beside an unreadable one as assumed (a spent quota)', () => {
    const tracker = new QuotaTracker(() => NOW);
    tracker.observe(429, { ...headers('next tuesday'), 'x-ratelimit-remaining': '0' });
    expect(quotaLine(tracker.current())).toBe(
      `quota: 0 of 100 requests left today, resets 2026-11-26 00:00 UTC (assumed; latest reset time unreadable: "next tuesday")`,
    );
  });
});
