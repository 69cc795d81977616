// The store guard: a store that hangs costs one timeout, then nothing (a read misses, a write is dropped)
// until a probe finds it answering again; the outage is logged once, the recovery once.
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { guardKeyv, StoreGuard, StoreTimeout } from '../../src/store/guard.js';

/** A Keyv store that answers like a Map, or never (frozen), or with an error (broken). */
function hangingStore() {
  const map = new Map<string, unknown>();
  const state = { mode: 'up' as 'up' | 'frozen' | 'broken', calls: 0 };
  const answer = <T>(value: () => T) => {
    state.calls += 1;
    if (state.mode === 'frozen') return new Promise<T>(() => undefined);
    if (state.mode === 'broken')
      return Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    return Promise.resolve(value());
  };
  const store = {
    get: (key: string) => answer(() => map.get(key)),
    set: (key: string, value: unknown) => answer(() => void map.set(key, value)),
    delete: (key: string) => answer(() => map.delete(key)),
    clear: () => answer(() => map.clear()),
    has: (key: string) => answer(() => map.has(key)),
  };
  return { store, state };
}

function setup() {
  const { store, state } = hangingStore();
  let now = 0;
  const lines: string[] = [];
  const guard = new StoreGuard({
    timeoutMs: 50,
    label: 'redis://127.0.0.1:6379',
    logger: { warn: (m) => lines.push(`warn ${m}`), info: (m) => lines.push(`info ${m}`) },
    probeEveryMs: 1000,
    now: () => now,
  });
  const keyv = guardKeyv(new Keyv({ store, namespace: 'n', throwOnErrors: true }), guard);
  return { keyv, guard, state, lines, tick: (ms: number) => (now += ms) };
}

describe('StoreGuard around a Keyv', () => {
  it('passes operations through while the store answers', async () => {
    const { keyv, lines } = setup();
    await keyv.set('k', 'v');
    expect(await keyv.get('k')).toBe('v');
    expect(await keyv.has('k')).toBe(true);
    expect(lines).toEqual([]);
  });

  it('a hanging store costs one timeout, then nothing until a probe is due', async () => {
    const { keyv, guard, state, lines, tick } = setup();
    await keyv.set('k', 'v');
    state.mode = 'frozen';
    const started = performance.now();
    expect(await keyv.get('k')).toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(guard.down).toBe(true);
    const calls = state.calls;
    const quick = performance.now();
    expect(await keyv.get('k')).toBeUndefined();
    expect(await keyv.set('k', 'w')).toBe(false);
    expect(await keyv.delete('k')).toBe(false);
    expect(performance.now() - quick).toBeLessThan(20);
    expect(state.calls).toBe(calls);
    // A probe is let through once due; still frozen, it times out and the store stays down.
    tick(1000);
    expect(await keyv.get('k')).toBeUndefined();
    expect(state.calls).toBe(calls + 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn store redis:\/\/127\.0\.0\.1:6379 not answering within 50 ms/);
  });

  it('once a probe gets an answer, the store is used again, and that is logged once', async () => {
    const { keyv, guard, state, lines, tick } = setup();
    await keyv.set('k', 'v');
    state.mode = 'frozen';
    await keyv.get('k');
    state.mode = 'up';
    expect(await keyv.get('k')).toBeUndefined();
    tick(1000);
    expect(await keyv.get('k')).toBe('v');
    expect(guard.down).toBe(false);
    expect(await keyv.set('j', 'w')).toBe(true);
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['warn', 'info']);
    expect(lines[1]).toContain('answers again after 1 s');
  });

  it('a store that fails (an error, not a hang) is a miss too, never a thrown call', async () => {
    const { keyv, state, lines } = setup();
    state.mode = 'broken';
    expect(await keyv.get('k')).toBeUndefined();
    expect(await keyv.set('k', 'v')).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/^warn store .* failing \(ECONNREFUSED\)/)]);
  });

  it('concurrent operations during an outage log it once', async () => {
    const { keyv, state, lines } = setup();
    state.mode = 'frozen';
    await Promise.all(Array.from({ length: 20 }, (_, i) => keyv.get(`k${i}`)));
    expect(lines).toHaveLength(1);
  });

  it('strict (data that must not be lost): a timeout is thrown, not a fallback, and sent even while down', async () => {
    const { keyv, guard, lines } = setup();
    const never = () => new Promise<string>(() => undefined);
    let stopped = 0;
    await expect(guard.strict(never, () => (stopped += 1))).rejects.toBeInstanceOf(StoreTimeout);
    expect(stopped).toBe(1);
    expect(guard.down).toBe(true);
    // Down, with no probe due: the cache skips the store, a strict operation is still tried.
    expect(await keyv.get('k')).toBeUndefined();
    await expect(guard.strict(async () => 'answered')).resolves.toBe('answered');
    expect(guard.down).toBe(false);
    // Its own errors are the caller's: they do not make the store down.
    await expect(guard.strict(() => Promise.reject(new Error('refused by the caller')))).rejects.toThrow(
      'refused by the caller',
    );
    expect(guard.down).toBe(false);
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['warn', 'info']);
    expect(lines[0]).toContain('calls go on uncached');
  });
});
