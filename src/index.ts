#!/usr/bin/env node
// The bin. A build runs the server from one CommonJS bundle (main.cjs, scripts/bundle.mjs) through V8's
// code cache, kept in the user's cache directory: most of a start was parsing and compiling that code
// (docs/performance.md, "Cold start"). From source (npm run dev), src/main.ts is imported as it is.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireCached } from './lib/code-cache.js';
import type { Entry, run } from './main.js';
import { defaultStoreDir } from './store/dir.js';

const entry: Entry = {
  path: fileURLToPath(import.meta.url),
  importEsm: (specifier) => import(specifier),
};
const bundle = fileURLToPath(new URL('./main.cjs', import.meta.url));

if (existsSync(bundle)) {
  const { exports } = requireCached(bundle, {
    dir: codeCacheDir(),
    writeAfterMs: 3000,
    keep: 4,
  });
  (exports as { run: typeof run }).run(entry);
} else {
  const { run } = await import('./main.js');
  run(entry);
}

/** Beside the file store's default directory; none when even that cannot be named. */
function codeCacheDir(): string | undefined {
  try {
    return join(defaultStoreDir(process.env), 'code-cache');
  } catch {
    return undefined;
  }
}
