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

/** Code cache files kept (builds and Node versions come and go), ~1.3 MB each. */
const CODE_CACHE_FILES = 4;

if (existsSync(bundle)) {
  const { exports } = requireCached(bundle, {
    dir: codeCacheSetting() === 'off' ? undefined : codeCacheDir(),
    writeAfterMs: 3000,
    // Then at the first half second with at most ~5 ms of work (between an assistant's calls), not
    // in the middle of a burst of them; at exit or after a minute of steady load at the latest.
    quiet: { windowMs: 500, busyBelow: 0.01, maxWaitMs: 60_000 },
    keep: CODE_CACHE_FILES,
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

/** FOOTBALL_MCP_CODE_CACHE: `on` (the default) or `off`; read before the settings are, by the bin. */
function codeCacheSetting(): 'on' | 'off' {
  const value = (process.env.FOOTBALL_MCP_CODE_CACHE ?? 'on').trim().toLowerCase();
  if (value === 'on' || value === '' || value === 'off') return value === 'off' ? 'off' : 'on';
  process.stderr.write(
    `football-scout-mcp: FOOTBALL_MCP_CODE_CACHE must be "on" or "off" (got ${JSON.stringify(value)}); unset it to keep the code cache.\n`,
  );
  process.exit(1);
}
