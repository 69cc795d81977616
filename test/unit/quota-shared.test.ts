import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { QuotaExhaustedError } from '../../src/api/errors.js';
import { type Quota, QuotaTracker } from '../../src/api/quota.js';

const RESET = '2026-03-02T00:00:00.000Z';
const rate = (remaining: string) => ({
  'x-ratelimit-limit': '100',
  'x-ratelimit-remaining': remaining,
  'x-ratelimit-reset': RESET,
});

describe('QuotaTracker shared through a store', () => {
  it('a tracker of the same key adopts what another observed; other keys see nothing', async () => {
    const store = new Keyv();
    let now = Date.parse('2026-03-01T12:00:00.000Z');
    const clock = () => now;
    const a = new QuotaTracker(clock, { store, tag: 'k1' });
    const b = new QuotaTracker(clock, { store, tag: 'k1' });
    const other = new QuotaTracker(clock, { store, tag: 'k2' });
    a.observe(200, rate('0'));
    await a.sync();
    expect((await b.sync()).remaining).toBe(0);
    expect(() => b.assertAvailable()).toThrow(QuotaExhaustedError);
    expect((await other.sync()).remaining).toBeNull();

    // The later observation wins, whichever tracker made it.
    now += 1000;
    b.observe(200, rate('42'));
    await b.sync(); // the end of b's call: its write is done
    expect((await a.sync()).remaining).toBe(42);
  });

  it('keeps its own newer state over an older stored one, and tells onChange', async () => {
    const store = new Keyv();
    const seen: Quota[] = [];
    let now = 1_000_000;
    const a = new QuotaTracker(() => now, { store, tag: 'k', onChange: (_, q) => seen.push(q) });
    const b = new QuotaTracker(() => now, { store, tag: 'k' });
    a.observe(200, rate('10'));
    await a.sync();
    now += 1000;
    b.observe(200, rate('9'));
    expect((await b.sync()).remaining).toBe(9);
    expect((await a.sync()).remaining).toBe(9);
    expect(seen.map((q) => q.remaining)).toEqual([10, 9]);
  });

  it('a store that fails costs the sharing, never the call', async () => {
    const broken = new Keyv({
      store: {
        get: () => Promise.reject(new Error('down')),
        set: () => Promise.reject(new Error('down')),
        delete: () => Promise.reject(new Error('down')),
        clear: () => Promise.reject(new Error('down')),
      } as unknown as Map<string, unknown>,
      throwOnErrors: true,
    });
    const tracker = new QuotaTracker(Date.now, { store: broken, tag: 'k' });
    tracker.observe(200, rate('5'));
    expect((await tracker.sync()).remaining).toBe(5);
  });
});
