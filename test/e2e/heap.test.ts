// The heap growth setting applied in a fresh Node process: V8 reads the flag after start on this line.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const HEAP = fileURLToPath(new URL('../../src/app/heap.ts', import.meta.url));

/**
 * A child process that applies `percent`, then allocates as a busy server does (many short-lived
 * objects, a live set that keeps changing): the young generation's size at the end, in MB.
 */
async function youngGenerationMb(percent: number): Promise<{ mb: number; stderr: string }> {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { limitHeapGrowth } from ${JSON.stringify(HEAP)};
    limitHeapGrowth(${percent});
    const keep = [];
    for (let i = 0; i < 3e6; i++) {
      const o = { a: i, b: 'x' + i };
      if (i % 3 === 0) keep.push(o);
      if (keep.length > 300000) keep.splice(0, 150000);
    }
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(young.space_size / 1048576));`;
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
  );
  return { mb: Number(stdout), stderr };
}

describe('heap growth', () => {
  it('keeps the young generation at its first size when set, on this Node line (flags read after start)', async () => {
    const [limited, own] = await Promise.all([youngGenerationMb(100), youngGenerationMb(0)]);
    expect(limited.stderr).not.toMatch(/unrecognized flag/);
    expect(limited.mb).toBeLessThanOrEqual(4);
    expect(own.mb).toBeGreaterThan(limited.mb);
  }, 30_000);
});
