import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { deadline } from '../../src/api/deadline.js';

describe('deadline', () => {
  it("ends when the caller's signal does, not timed out", () => {
    const caller = new AbortController();
    const limit = deadline(caller.signal, 60_000);
    caller.abort(new Error('gone'));
    expect(limit.signal.aborted).toBe(true);
    expect(limit.timedOut()).toBe(false);
    limit.done();
  });

  it('is aborted at once when the caller already was', () => {
    const caller = new AbortController();
    caller.abort();
    const limit = deadline(caller.signal, 60_000);
    expect(limit.signal.aborted).toBe(true);
    limit.done();
  });

  it('ends when the time runs out, timed out', async () => {
    const limit = deadline(new AbortController().signal, 5);
    await new Promise((resolve) => limit.signal.addEventListener('abort', resolve));
    expect(limit.timedOut()).toBe(true);
    expect((limit.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('once done, neither the caller nor the clock ends it', async () => {
    const caller = new AbortController();
    const limit = deadline(caller.signal, 5);
    limit.done();
    caller.abort();
    await sleep(30);
    expect(limit.signal.aborted).toBe(false);
    expect(limit.timedOut()).toBe(false);
  });
});
