import { describe, expect, it } from 'vitest';
import { defaultHeapGrowth } from '../../src/app/heap.js';
import { loadConfig } from '../../src/config.js';

describe('heap growth', () => {
  it('defaults to 50 over HTTP and to V8 own sizing over stdio; the setting wins', () => {
    expect(defaultHeapGrowth('http')).toBe(50);
    expect(defaultHeapGrowth('stdio')).toBe(0);
    const config = loadConfig(['--transport', 'http', '--heap-growth-percent', '40', '--sandbox'], {});
    expect(config).toMatchObject({ heapGrowth: 40 });
    expect(() => loadConfig(['--heap-growth-percent', '-1', '--sandbox'], {})).toThrow(/heap-growth-percent/);
  });
});
