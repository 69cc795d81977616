// Bundles the server (src/main.ts) into one CommonJS file, dist/src/main.cjs, which the bin
// (dist/src/index.js, tsc's src/index.ts) runs through V8's code cache (src/lib/code-cache.ts): Node
// then neither resolves several hundred modules (the SDK, zod, ajv and ours) nor, from the second start
// on, parses and compiles them (see docs/performance.md). tsc's other files stay for the sandbox bin,
// the doctor, the embedded sandbox (loaded as ES modules through the bin's import()) and the tests.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = new URL('../dist/src/', import.meta.url).pathname;
const outfile = `${outdir}main.cjs`;
// What earlier builds left: chunks of the former ES module bundle (their names carry a hash).
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
 * gauges and histograms: only those are bundled (and run only in HTTP mode, behind its import).
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

/** The first line until the build is named: the code cache is kept per build (src/lib/code-cache.ts). */
const UNNAMED = `// build:${'0'.repeat(32)}`;

const result = await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  // CommonJS: code compiled with a V8 code cache (node:vm) cannot be an ES module on Node 20.
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  plugins: [englishOnly, promClientCore],
  // Node 20 refuses import() in code compiled through node:vm: every import() becomes a require(),
  // and code behind one (the HTTP layer, the watchlist back-ends) runs only when first imported.
  supported: { 'dynamic-import': false },
  // Our files ask import.meta.url for package.json and to resolve dependencies: the bundle sits beside
  // the bin in dist/src/, so its own URL answers the same.
  define: { 'import.meta.url': '__bundle_url' },
  // The build's name first, a placeholder of the same length until the code is hashed (the source map's
  // lines stay true); then "use strict", as in esbuild's own prologue (which the banner would otherwise
  // precede): the bundled ES modules were written for strict mode.
  banner: {
    js: `${UNNAMED}\n"use strict";\nvar __bundle_url = require('node:url').pathToFileURL(__filename).href;`,
  },
  // Loaded on demand: undici (a large part of the code) on the first upstream request
  // (src/api/pool.ts), Redis with --store redis, resvg (a native binary) on the first chart.
  external: ['undici', '@keyv/redis', '@resvg/resvg-js'],
  metafile: true,
  logLevel: 'warning',
});

// An import() left in the bundle would fail only when reached (Node 20, node:vm): refuse the build.
const dynamic = Object.values(result.metafile.outputs).flatMap((o) =>
  o.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
);
if (dynamic.length > 0) throw new Error(`import() left in ${outfile}: ${dynamic.join(', ')}`);

/**
 * `source` with every UTF-16 unit above 0x7f written as a `\u` escape. V8 keeps a source holding any such
 * character as two bytes a character (4.7 MB instead of 2.4 for this bundle), which every start reads,
 * decodes and scans again: 15-19 ms of a 330 ms start on a 2-core machine. esbuild escapes strings but
 * leaves comments and regular expression literals as written, where an escape means the same character
 * (a backslash already escaping the character is dropped: `\’` and `\u2019` are one character too).
 */
function asciiOnly(source) {
  return source.replace(/(\\*)([\u0080-\uffff])/g, (_, slashes, char) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    return `${kept}\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

const code = asciiOnly(readFileSync(outfile, 'utf8'));
if (!code.startsWith(UNNAMED)) throw new Error(`${outfile} does not start with its banner`);
const id = createHash('sha256').update(code).digest('hex').slice(0, 32);
writeFileSync(outfile, code.replace(UNNAMED, `// build:${id}`));
