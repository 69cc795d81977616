import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { QuotaExhaustedError } from '../../src/api/errors.js';
import { ADOPT_EVERY_MS, LOW_REMAINING, type Quota, QuotaTracker } from '../../src/api/quota.js';

const RESET = '2026-03-02T00:00:00.000Z';
const rate = (remaining: string) => ({
  'x-ratelimit-limit': '100',
  'x-ratelimit-remaining': remaining,
  'x-ratelimit-reset': RESET,
});

/** A store over a map that counts its reads; its writes wait for `written` when given. */
function countingStore(written?: Promise<void>) {
  const map = new Map<string, unknown>();
  const counted = { reads: 0 };
  const store = new Keyv({
    store: {
      get: async (k: string) => {
        counted.reads += 1;
        return map.get(k);
      },
      set: async (k: string, v: unknown) => {
        await written;
        map.set(k, v);
        return true;
      },
      delete: async (k: string) => map.delete(k),
      clear: async () => map.clear(),
    },
  });
  return { store, counted };
}

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

    // The later observation wins, whichever tracker made it (past the moment answers may cross).
    now += 3000;
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

  it('the quota beside an answer waits for no write and reads the store at most once a second', async () => {
    let release = () => {};
    const slowWrite = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { store, counted } = countingStore(slowWrite);
    let now = 1_000_000;
    const writes = new Set<Promise<unknown>>();
    const a = new QuotaTracker(() => now, { store, tag: 'k', writes });
    const b = new QuotaTracker(() => now, { store, tag: 'k' });
    a.observe(200, rate('7'));
    // The write is held up; the answer's quota is a's own, at once.
    expect((await a.reported()).remaining).toBe(7);
    expect(writes.size).toBe(1);
    const readsBefore = counted.reads;
    expect((await a.reported()).remaining).toBe(7);
    expect(counted.reads).toBe(readsBefore);
    release();
    await a.settled();
    expect(writes.size).toBe(0);
    // Another tracker's later observation shows once a second has passed since a's last read.
    now += 10;
    b.observe(200, rate('6'));
    await b.sync();
    expect((await a.reported()).remaining).toBe(7);
    now += ADOPT_EVERY_MS;
    expect((await a.reported()).remaining).toBe(6);
  });

  it('the quota beside an answer that just brought one is reported without a read of the store', async () => {
    const { store, counted } = countingStore();
    let now = 1_000_000;
    const a = new QuotaTracker(() => now, { store, tag: 'k' });
    const b = new QuotaTracker(() => now, { store, tag: 'k' });
    b.observe(200, rate('60'));
    await b.sync();
    // a's own observation is newer than anything stored before it: nothing to read for it.
    now += 10;
    a.observe(200, rate('59'));
    const readsBefore = counted.reads;
    expect((await a.reported()).remaining).toBe(59);
    expect(counted.reads).toBe(readsBefore);
    // Another's later observation shows once a second has passed since a's own.
    now += 10;
    b.observe(200, rate('58'));
    await b.sync();
    now += ADOPT_EVERY_MS - 20;
    expect((await a.reported()).remaining).toBe(59);
    now += 10;
    expect((await a.reported()).remaining).toBe(58);
    expect(counted.reads).toBe(readsBefore + 2);
  });

  it('before a request, reads what others observed every time while the quota is low, else once a second', async () => {
    const store = new Keyv();
    let now = 1_000_000;
    const a = new QuotaTracker(() => now, { store, tag: 'k' });
    const b = new QuotaTracker(() => now, { store, tag: 'k' });
    a.observe(200, rate(String(LOW_REMAINING + 50)));
    await a.sync();
    now += 10;
    b.observe(200, rate('0'));
    await b.sync();
    // Plenty left as a last knew it, read a moment ago: no read, no refusal yet.
    expect((await a.beforeRequest()).remaining).toBe(LOW_REMAINING + 50);
    now += ADOPT_EVERY_MS;
    expect((await a.beforeRequest()).remaining).toBe(0);
    expect(() => a.assertAvailable()).toThrow(QuotaExhaustedError);

    // Low: every request reads first.
    const c = new QuotaTracker(() => now, { store, tag: 'k2' });
    const d = new QuotaTracker(() => now, { store, tag: 'k2' });
    c.observe(200, rate(String(LOW_REMAINING)));
    await c.sync();
    now += 10;
    d.observe(200, rate('0'));
    await d.sync();
    expect((await c.beforeRequest()).remaining).toBe(0);
  });

  it('writes every state while the quota is low, the latest at most once a second while plenty is left', async () => {
    const map = new Map<string, unknown>();
    const written: number[] = [];
    const store = new Keyv({
      store: {
        get: async (k: string) => map.get(k),
        set: async (k: string, v: unknown) => {
          map.set(k, v);
          written.push((JSON.parse(String(v)) as { value: Quota }).value.remaining ?? -1);
          return true;
        },
        delete: async (k: string) => map.delete(k),
        clear: async () => map.clear(),
      },
    });
    let now = 1_000_000;
    const pending = new Set<QuotaTracker>();
    const seen: (number | null)[] = [];
    const a = new QuotaTracker(() => now, {
      store,
      tag: 'k',
      pending,
      onChange: (_, q) => seen.push(q.remaining),
    });
    const b = new QuotaTracker(() => now, { store, tag: 'k' });
    for (let left = 90; left > 80; left--) {
      a.observe(200, rate(String(left)));
      now += 10;
    }
    // Every state told at once; one write, after the answer, of the latest (the others held back).
    expect(seen).toEqual([90, 89, 88, 87, 86, 85, 84, 83, 82, 81]);
    await a.settled();
    expect(pending.size).toBe(0);
    expect(written).toEqual([81]);
    expect((await b.sync()).remaining).toBe(81);
    // Within the same second: held back, until a shutdown writes it at once.
    a.observe(200, rate('80'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toEqual([81]);
    expect(pending.has(a)).toBe(true);
    await a.settled();
    expect(written).toEqual([81, 80]);
    // Low: every state is written, whenever the last write was.
    written.length = 0;
    for (const left of [LOW_REMAINING, LOW_REMAINING - 1, 0]) {
      a.observe(200, rate(String(left)));
      // Written after the answer, within the same second, without a shutdown.
      await expect.poll(() => written.at(-1)).toBe(left);
      expect(pending.size).toBe(0);
    }
    expect(written).toEqual([LOW_REMAINING, LOW_REMAINING - 1, 0]);
  });

  it('a held-back state is written at the end of its second without anyone asking', async () => {
    const store = new Keyv();
    const a = new QuotaTracker(Date.now, { store, tag: 'k' });
    const b = new QuotaTracker(Date.now, { store, tag: 'k' });
    a.observe(200, rate('90'));
    a.observe(200, rate('89'));
    await expect
      .poll(async () => ((await store.get('k')) as Quota | undefined)?.remaining, { timeout: 10_000 })
      .toBe(89);
    expect((await b.sync()).remaining).toBe(89);
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
