// Bundles the server entry into one file (dist/src/index.js, replacing tsc's): Node then loads one
// module at start instead of several hundred (the SDK, zod, ajv and ours), the larger part of the
// cold start (see README, Performance). tsc's other files stay for the sandbox bin and the tests.
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
  outfile: new URL('../dist/src/index.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The CommonJS dependencies (ajv, undici) call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  // Loaded on demand and sharing no state with the rest, so left out of the file the start parses:
  // undici (half the bundle) on the first upstream request (src/api/pool.ts), Redis with --store redis,
  // the sandbox (tsc's dist/src/sandbox) in sandbox mode, resvg (a native binary) on the first chart,
  // the doctor subcommand (tsc's dist/src/doctor) only when asked for.
  external: ['undici', '@keyv/redis', '@resvg/resvg-js', './sandbox/server.js', './doctor/main.js'],
  logLevel: 'warning',
});
