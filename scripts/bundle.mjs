// Bundles the server entry (dist/src/index.js, replacing tsc's): Node then loads a few modules at start
// instead of several hundred (the SDK, zod, ajv and ours), the larger part of the cold start (see
// docs/performance.md). tsc's other files stay for the sandbox bin and the tests.
import { readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = new URL('../dist/src/', import.meta.url).pathname;
// Chunks of an earlier build: their names carry a hash, a new build does not overwrite them.
for (const stale of readdirSync(outdir).filter((f) => f.startsWith('bundle-'))) rmSync(`${outdir}${stale}`);

/**
 * zod's `z` namespace carries every locale (half of zod's code, parsed at each start) though only the
 * English one, which zod sets by default, is ever used: the others are left out.
 */
const englishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: args.path.replace(/[\\/][^\\/]+$/, ''),
    }));
  },
};

/**
 * prom-client's index loads every part it has: the default process metrics (with @opentelemetry/api, half
 * its weight), the Pushgateway, cluster aggregation and summaries (tdigest). /metrics uses a Registry, counters,
 * gauges and histograms: only those are bundled (into the HTTP mode's chunk).
 */
const promClientCore = {
  name: 'prom-client-core',
  setup(b) {
    b.onLoad({ filter: /[\\/]prom-client[\\/]index\.js$/ }, (args) => ({
      contents: [
        "exports.Registry = require('./lib/registry');",
        "exports.Counter = require('./lib/counter');",
        "exports.Gauge = require('./lib/gauge');",
        "exports.Histogram = require('./lib/histogram');",
      ].join('\n'),
      loader: 'js',
      resolveDir: args.path.replace(/[\\/][^\\/]+$/, ''),
    }));
  },
};

await build({
  entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
  outdir,
  // Code behind a dynamic import() (the HTTP layer and its server, the watchlist back-ends) goes into
  // chunks loaded when first used: a stdio start neither parses them nor loads node:http and node:http2.
  // Chunks sit beside index.js, so import.meta.url (package.json, resolving dependencies) reads the same.
  splitting: true,
  chunkNames: 'bundle-[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [englishOnly, promClientCore],
  // The CommonJS dependencies (ajv, undici) call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  // Loaded on demand and sharing no state with the rest, so left out of the files the start parses:
  // undici (half the bundle) on the first upstream request (src/api/pool.ts), Redis with --store redis,
  // the sandbox (tsc's dist/src/sandbox) in sandbox mode, resvg (a native binary) on the first chart,
  // the doctor subcommand (tsc's dist/src/doctor) only when asked for.
  external: ['undici', '@keyv/redis', '@resvg/resvg-js', './sandbox/server.js', './doctor/main.js'],
  logLevel: 'warning',
});
