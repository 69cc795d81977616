import { expect, it } from 'vitest';
import { ChartStore } from '../../src/charts/chart-store.js';

/** A renderer that counts its calls and answers `size` bytes once released. */
function renderer(size: number) {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const render = async (svg: string) => {
    calls.push(svg);
    await gate;
    return Buffer.alloc(size, 1);
  };
  return { calls, render, release: () => release() };
}

it('reads a chart for its owner only, with an id of 128 random bits', async () => {
  const { render, release } = renderer(10);
  release();
  const store = new ChartStore(1_000_000, render);
  const id = store.put('alice', '<svg>a</svg>');
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(store.put('bob', '<svg>a</svg>')).not.toBe(id);
  expect(await store.png('bob', id)).toBeUndefined();
  expect((await store.png('alice', id))?.length).toBe(10);
  expect(await store.png('alice', 'f'.repeat(32))).toBeUndefined();
});

it('renders once at the first read, however many read at once', async () => {
  const { calls, render, release } = renderer(10);
  const store = new ChartStore(1_000_000, render);
  const id = store.put('', '<svg/>');
  expect(calls).toHaveLength(0);
  const reads = Promise.all([store.png('', id), store.png('', id), store.png('', id)]);
  release();
  expect((await reads).map((png) => png?.length)).toEqual([10, 10, 10]);
  await store.png('', id);
  expect(calls).toHaveLength(1);
});

it('drops the least recently used past its budget, PNG bytes counted, never the newest', async () => {
  const { render, release } = renderer(300);
  release();
  const store = new ChartStore(1000, render);
  const a = store.put('', 'a'.repeat(200));
  const b = store.put('', 'b'.repeat(200));
  // Read, a holds 500 bytes and is the most recent: d then pushes b out, not a.
  expect(await store.png('', a)).toBeDefined();
  const c = store.put('', 'c'.repeat(200));
  expect(store.size).toBe(3);
  const d = store.put('', 'd'.repeat(200));
  expect(store.size).toBe(3);
  expect(await store.png('', b)).toBeUndefined();
  // a, already rendered, reads without growing; d's PNG then pushes out c, now the least recently used.
  expect(await store.png('', a)).toBeDefined();
  expect(await store.png('', d)).toBeDefined();
  expect(await store.png('', c)).toBeUndefined();
  expect(await store.png('', a)).toBeDefined();
  // A chart over the whole budget is still kept while it is the newest.
  const big = store.put('', 'e'.repeat(5000));
  expect(store.size).toBe(1);
  expect(await store.png('', big)).toBeDefined();
});
