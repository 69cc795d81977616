// Loads a CommonJS file as require() would, through V8's code cache: a start then deserializes the
// functions an earlier start compiled instead of parsing and compiling the source again (Node 20 has no
// module.enableCompileCache). The cache is only ever a shortcut: a missing, stale, corrupt or
// unwritable one means a normal compile, never a failed start.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { Script } from 'node:vm';

/** Starts a cache file, before the SHA-256 of what follows: V8 checks only its version and lengths. */
const MAGIC = Buffer.from('fsm-v8c1');
const HEADER_BYTES = MAGIC.length + 32;
/** A bundle's first line may name its build (`// build:<hex>`), so a start need not hash the source. */
const BUILD_LINE = /^\/\/ build:([0-9a-f]{8,64})\n/;
/** A temporary file this old belongs to a writer that died: no write takes that long. */
const ABANDONED_MS = 10 * 60_000;

export interface CodeCacheOptions {
  /** Where cache files live (created when missing); undefined: compile without a cache. */
  dir: string | undefined;
  /**
   * The cache is written this long after the file ran, or at exit if sooner, when it was missing or
   * refused: by then the functions a start runs are compiled, and they are what the cache keeps.
   */
  writeAfterMs: number;
  /** Cache files kept in `dir` (other builds, other Node versions); older ones are removed. */
  keep: number;
  /**
   * Past `writeAfterMs`, the write waits for a quiet moment: a window of `windowMs` in which the event
   * loop was busy less than `busyBelow` of the time (0-1), or `maxWaitMs` at most. Making the cache is
   * tens of ms of one synchronous turn, which would otherwise land on whatever request comes then.
   * Unset: written at `writeAfterMs` whatever the load.
   */
  quiet?: { windowMs: number; busyBelow: number; maxWaitMs: number };
}

/** What happened to the cache on this load. */
export type CacheUse = 'used' | 'missing' | 'refused' | 'off';

/** Runs `file` (CommonJS) in this context and returns its module.exports and how the cache served. */
export function requireCached(
  file: string,
  options: CodeCacheOptions,
): { exports: unknown; cache: CacheUse } {
  // As UTF-8 even for the ASCII bundle: read as Latin-1 (an external string in V8) it started 15 ms sooner,
  // but the HTTP server's CPU a cached call rose from 0.24-0.27 to 0.37-0.45 ms (stateless, 2026-07-28
  // wire; two bench runs each), a cost every call pays for 15 ms once.
  const source = readFileSync(file, 'utf8');
  // The wrapper Node's own require puts around a CommonJS file.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const cacheFile = options.dir === undefined ? undefined : cachePath(options.dir, file, source);
  const cached = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = compile(wrapped, file, cached);
  const cache: CacheUse =
    cacheFile === undefined ? 'off' : !cached ? 'missing' : script.cachedDataRejected ? 'refused' : 'used';
  if (cacheFile !== undefined && cache !== 'used') saveLater(script, cacheFile, options);
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, cache };
}

function compile(wrapped: string, file: string, cached: Buffer | undefined): Script {
  if (cached) {
    try {
      return new Script(wrapped, { filename: file, cachedData: cached });
    } catch {
      // whatever the cache did, the source alone decides: compiled again below
    }
  }
  return new Script(wrapped, { filename: file });
}

/**
 * One file per build of the source and per Node version and architecture (V8 refuses another's cache):
 * the build named on the source's first line, else its SHA-256, with its size and mtime, so a file
 * edited in place never meets the cache of its former text.
 */
function cachePath(dir: string, file: string, source: string): string | undefined {
  try {
    const stat = statSync(file);
    const build = BUILD_LINE.exec(source)?.[1] ?? createHash('sha256').update(source).digest('hex');
    const key = createHash('sha256')
      .update([build, stat.size, stat.mtimeMs, process.version, process.arch].join('\0'))
      .digest('hex')
      .slice(0, 32);
    return join(dir, `${basename(file).replace(/\W+/g, '-')}-${key}.v8cache`);
  } catch {
    return undefined;
  }
}

/** The cache's V8 data, or undefined when missing, cut short or altered since it was written. */
function readCache(path: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  if (bytes.length <= HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = bytes.subarray(HEADER_BYTES);
  const sum = createHash('sha256').update(data).digest();
  return sum.equals(bytes.subarray(MAGIC.length, HEADER_BYTES)) ? data : undefined;
}

function saveLater(script: Script, path: string, options: CodeCacheOptions): void {
  let saved = false;
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    if (saved) return;
    saved = true;
    process.off('exit', save);
    clearTimeout(timer);
    writeCache(script, path, options.keep);
  };
  const wait = (ms: number, then: () => void) => {
    timer = setTimeout(then, ms);
    timer.unref();
  };
  const { quiet } = options;
  if (quiet === undefined) wait(options.writeAfterMs, save);
  else {
    const giveUpAt = performance.now() + options.writeAfterMs + quiet.maxWaitMs;
    let since: EventLoopUtilization | undefined;
    const check = () => {
      const busy = performance.eventLoopUtilization(since).utilization;
      since = performance.eventLoopUtilization();
      if (busy < quiet.busyBelow || performance.now() >= giveUpAt) save();
      else wait(quiet.windowMs, check);
    };
    wait(options.writeAfterMs, () => {
      since = performance.eventLoopUtilization();
      wait(quiet.windowMs, check);
    });
  }
  process.once('exit', save);
}

/**
 * Written whole to a file of its own, then renamed over the cache: processes starting together each
 * write theirs, and a reader sees one complete file or none. Every failure leaves things as they were.
 */
function writeCache(script: Script, path: string, keep: number): void {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const data = script.createCachedData();
    const sum = createHash('sha256').update(data).digest();
    makeDirs(dirname(path));
    writeFileSync(temp, Buffer.concat([MAGIC, sum, data]));
    renameSync(temp, path);
    prune(dirname(path), keep);
  } catch {
    try {
      unlinkSync(temp);
    } catch {
      // never written
    }
  }
}

/**
 * mkdir -p by hand, private to the user: Node's `recursive: true` never returns on some paths (under
 * /proc, for one), which would hang the server where it should only skip the cache.
 */
function makeDirs(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || dirname(dir) === dir) throw error;
    makeDirs(dirname(dir));
    mkdirSync(dir, { mode: 0o700 });
  }
}

/**
 * Keeps the `keep` newest cache files (builds and Node versions come and go) and removes the temporary
 * files of writers killed mid-write.
 */
function prune(dir: string, keep: number): void {
  const names = readdirSync(dir);
  for (const name of names.filter((n) => n.endsWith('.tmp'))) {
    try {
      if (Date.now() - statSync(join(dir, name)).mtimeMs > ABANDONED_MS) unlinkSync(join(dir, name));
    } catch {
      // renamed or removed meanwhile
    }
  }
  const files = names
    .filter((name) => name.endsWith('.v8cache'))
    .map((name) => {
      try {
        return { path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs };
      } catch {
        return undefined;
      }
    })
    .filter((f) => f !== undefined)
    .sort((a, b) => b.mtime - a.mtime);
  for (const { path } of files.slice(keep)) {
    try {
      unlinkSync(path);
    } catch {
      // another process removed it first
    }
  }
}
