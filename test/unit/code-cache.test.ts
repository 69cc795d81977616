// The code cache is a shortcut only: whatever is in its directory, the file runs as require() would.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type CodeCacheOptions, requireCached } from '../../src/lib/code-cache.js';

let root: string;
let cacheDir: string;
let file: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'code-cache-'));
  cacheDir = join(root, 'cache');
  file = join(root, 'bundle.cjs');
  writeFileSync(join(root, 'helper.cjs'), 'module.exports = (n) => n * 2;');
  writeFileSync(file, source(21));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A CommonJS file using what require gives it, with functions worth caching. */
function source(n: number): string {
  return `// build:0123456789abcdef
"use strict";
const double = require('./helper.cjs');
function answer() { return double(${n}); }
exports.answer = answer();
exports.file = __filename;
exports.self = this === module.exports;
`;
}

const options = (over: Partial<CodeCacheOptions> = {}): CodeCacheOptions => ({
  dir: cacheDir,
  writeAfterMs: 0,
  keep: 4,
  ...over,
});

const cacheFiles = () => {
  try {
    return readdirSync(cacheDir).filter((f) => f.endsWith('.v8cache'));
  } catch {
    return [];
  }
};

/** Loads once with no cache and waits until that load has written one. */
async function primed(): Promise<string> {
  expect(requireCached(file, options()).cache).toBe('missing');
  await expect.poll(cacheFiles).toHaveLength(1);
  return join(cacheDir, cacheFiles()[0] ?? '');
}

it('runs the file as require() would, then from the cache it wrote', async () => {
  const first = requireCached(file, options());
  expect(first.exports).toEqual({ answer: 42, file, self: true });
  expect(first.cache).toBe('missing');
  await expect.poll(cacheFiles).toHaveLength(1);
  const second = requireCached(file, options());
  expect(second.cache).toBe('used');
  expect(second.exports).toEqual({ answer: 42, file, self: true });
});

it('reads a file in UTF-8 or ASCII as the same text, fresh and from the cache', async () => {
  // The bundle is ASCII (scripts/bundle.mjs escapes the rest); a file holding other characters, in strings
  // and in a template's raw text, must run the same.
  for (const text of ['Ligue 1', 'jusqu’à 5 €, Köln – 😀']) {
    writeFileSync(
      file,
      `// build:0123456789abcdef\nexports.text = ${JSON.stringify(text)};\nexports.raw = String.raw\`${text}\`;\n`,
    );
    rmSync(cacheDir, { recursive: true, force: true });
    expect(requireCached(file, options()).exports).toEqual({ text, raw: text });
    await expect.poll(cacheFiles).toHaveLength(1);
    const again = requireCached(file, options());
    expect(again.cache).toBe('used');
    expect(again.exports).toEqual({ text, raw: text });
  }
});

it('ignores a cache altered or cut short, runs the file, and writes a good one again', async () => {
  const path = await primed();
  const bytes = readFileSync(path);
  const altered = Buffer.from(bytes);
  altered[altered.length - 10] = (altered[altered.length - 10] ?? 0) ^ 0xff;
  for (const damaged of [altered, bytes.subarray(0, bytes.length >> 1), Buffer.from('garbage')]) {
    writeFileSync(path, damaged);
    const loaded = requireCached(file, options());
    expect(loaded.cache).toBe('missing');
    expect(loaded.exports).toEqual({ answer: 42, file, self: true });
    // A good cache again (written whole, by rename): not byte for byte the first one on every V8, which
    // may have compiled more of the file by then, but one the next load takes.
    await expect.poll(() => readFileSync(path).equals(damaged), { timeout: 10_000 }).toBe(false);
    expect(requireCached(file, options()).cache).toBe('used');
  }
  expect(requireCached(file, options()).cache).toBe('used');
});

it('compiles afresh when V8 refuses the cache, and replaces it', async () => {
  const mtime = Math.floor(Date.now() / 1000) - 60;
  utimesSync(file, mtime, mtime);
  const path = await primed();
  // V8 keeps what this process compiled and would not read the cache for that source again: the
  // refused cache is met by a source never compiled here, given the primed file's key (same build
  // line, length and mtime), as by a copy restored over the file.
  writeFileSync(file, source(11));
  utimesSync(file, mtime, mtime);
  // A well-formed file whose V8 data V8 will not take (as after a V8 update).
  const data = Buffer.alloc(readFileSync(path).length - 40, 7);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from('fsm-v8c1'), createHash('sha256').update(data).digest(), data]),
  );
  const loaded = requireCached(file, options());
  expect(loaded.cache).toBe('refused');
  expect(loaded.exports).toEqual({ answer: 22, file, self: true });
  await expect.poll(() => readFileSync(path).subarray(40).equals(data)).toBe(false);
});

it('never runs a cache made for the file before it was edited, even at the same length', async () => {
  await primed();
  writeFileSync(file, source(12));
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  const loaded = requireCached(file, options());
  expect(loaded.cache).toBe('missing');
  expect(loaded.exports).toEqual({ answer: 24, file, self: true });
});

it('starts all the same when the cache directory cannot be made, or none is given', async () => {
  writeFileSync(join(root, 'not-a-dir'), '');
  const blocked = requireCached(file, options({ dir: join(root, 'not-a-dir', 'cache') }));
  expect(blocked.exports).toEqual({ answer: 42, file, self: true });
  // Where Node's mkdir -p never returns: the write, due at once, must give up instead of hanging.
  expect(requireCached(file, options({ dir: '/proc/code-cache-test/cache' })).cache).toBe('missing');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const off = requireCached(file, options({ dir: undefined }));
  expect(off).toEqual({ exports: { answer: 42, file, self: true }, cache: 'off' });
});

it('keeps only the newest cache files and removes temporary files left by dead writers', async () => {
  const old = Date.now() / 1000 - 3600;
  await primed();
  for (let i = 0; i < 5; i++) {
    writeFileSync(join(cacheDir, `other-${i}.v8cache`), 'x');
    utimesSync(join(cacheDir, `other-${i}.v8cache`), old + i, old + i);
  }
  writeFileSync(join(cacheDir, 'dead.v8cache.1.x.tmp'), 'x');
  utimesSync(join(cacheDir, 'dead.v8cache.1.x.tmp'), old, old);
  writeFileSync(file, source(10));
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  requireCached(file, options({ keep: 3 }));
  await expect.poll(cacheFiles).toHaveLength(3);
  expect(readdirSync(cacheDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  // The two newest: the caches of this file's two versions.
  expect(cacheFiles().filter((f) => f.startsWith('bundle-cjs-'))).toHaveLength(2);
});

it('waits for a quiet event loop to write the cache, and writes it once the loop is quiet', async () => {
  const quiet = { windowMs: 40, busyBelow: 0.5, maxWaitMs: 60_000 };
  expect(requireCached(file, options({ quiet })).cache).toBe('missing');
  // The loop kept busy (synchronous work, other callbacks let through between), for many windows.
  const busyUntil = Date.now() + 20 * quiet.windowMs;
  while (Date.now() < busyUntil) {
    const turn = Date.now() + 15;
    while (Date.now() < turn) {
      // busy
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(cacheFiles()).toEqual([]);
  await expect.poll(cacheFiles, { timeout: 10_000 }).toHaveLength(1);
});
