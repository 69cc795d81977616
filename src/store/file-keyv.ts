// A Keyv store on disk for cached answers and quota states: one file per key, replaced atomically
// (a reader sees the old entry or the new one, never a torn one), shared safely by several processes.
// Bounded in entries and bytes: a sweep drops expired entries, then the oldest written, down to 90% of
// the bounds; one process sweeps at a time (a lock), and a sweep racing a writer costs a cache miss.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { open, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import lockfile from 'proper-lockfile';
import { sha256 } from '../lib/canonical.js';
import { ensureDir, replaceFile } from './fs.js';

export interface FileKeyvOptions {
  /** Directory of this store; created if missing. */
  dir: string;
  /** Most entries kept (0 = no bound). */
  maxEntries: number;
  /** Most bytes kept (0 = no bound). */
  maxBytes: number;
  /** fsync every write: only for data worth it (a cache entry lost to a power cut is a miss). */
  durable?: boolean;
  /** A sweep after this many writes at most, whatever the estimate says. */
  sweepEvery?: number;
  /** Also sweep on this period, ms (0 = never); the timer does not keep the process alive. */
  sweepIntervalMs?: number;
  now?: () => number;
  /** Told of I/O failures, which never reach the caller (a failing cache is a miss). */
  onError?: (error: unknown) => void;
}

interface Header {
  /** The full key (a file name is only its hash). */
  k: string;
  /** Expiry, epoch ms, or null. */
  e: number | null;
  /** Byte length of the value: a file cut short is seen as such. */
  n: number;
  /** The value was not a string and was stored as JSON. */
  j?: 1;
  /**
   * When it was written, epoch ms, increasing with every write of this process: the order a sweep drops
   * the oldest by. A file's mtime is as coarse as the kernel's clock tick, so entries written within one
   * tick tie on it, and the newest could go first. Files written without it are ordered by their mtime.
   */
  w?: number;
}

interface Found {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Strictly increasing within the process, so two writes in one millisecond are ordered too. */
let lastWritten = 0;
function writtenAt(): number {
  lastWritten = Math.max(Date.now(), lastWritten + 0.001);
  return lastWritten;
}

const ENTRY = /^[0-9a-f]{64}$/;
const SHARD = /^[0-9a-f]{2}$/;
/** A leftover temporary file (a writer killed mid-write) older than this is removed by a sweep. */
const TMP_MAX_AGE_MS = 3600_000;

export interface SweepResult {
  kept: number;
  bytes: number;
  removed: number;
}

export class FileKeyvStore extends EventEmitter {
  readonly opts: FileKeyvOptions;
  namespace?: string;
  private readonly dir: string;
  private readonly now: () => number;
  private readonly shards = new Set<string>();
  private estimateEntries = 0;
  private estimateBytes = 0;
  private writesSinceSweep = 0;
  private sweeping: Promise<SweepResult | undefined> | undefined;
  private nextSweep: Promise<SweepResult | undefined> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: FileKeyvOptions) {
    super();
    this.opts = options;
    this.dir = options.dir;
    this.now = options.now ?? Date.now;
    const every = options.sweepIntervalMs ?? 0;
    if (every > 0) {
      this.timer = setInterval(() => void this.sweep(), every);
      this.timer.unref();
    }
  }

  /** Creates the directory; a first sweep, in the background, learns the current size. */
  async init(): Promise<void> {
    await ensureDir(this.dir);
    void this.sweep();
  }

  private pathOf(key: string): { shard: string; path: string } {
    const hash = sha256(key);
    const shard = join(this.dir, hash.slice(0, 2));
    return { shard, path: join(shard, hash) };
  }

  async get<Value>(key: string): Promise<Value | undefined> {
    const { path } = this.pathOf(key);
    // A miss is told at once: the asynchronous open sent even an absent file through the thread
    // pool, a round trip on every cache miss before its upstream request (0.2-0.5 ms after idle).
    if (!existsSync(path)) return undefined;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return undefined;
    }
    const parsed = parseEntry(text);
    if (!parsed || parsed.header.k !== key) {
      // Unreadable (cut short by a crash, say): dropped. A different key under the same hash: a miss.
      if (!parsed) await this.remove(path);
      return undefined;
    }
    if (parsed.header.e !== null && parsed.header.e <= this.now()) {
      await this.remove(path);
      return undefined;
    }
    return (parsed.header.j ? JSON.parse(parsed.body) : parsed.body) as Value;
  }

  async set(key: string, value: unknown, ttl?: number): Promise<boolean> {
    const isText = typeof value === 'string';
    const body = isText ? value : JSON.stringify(value);
    const header: Header = {
      k: key,
      e: typeof ttl === 'number' && ttl > 0 ? this.now() + ttl : null,
      n: Buffer.byteLength(body),
      ...(isText ? {} : { j: 1 as const }),
      w: writtenAt(),
    };
    const { shard, path } = this.pathOf(key);
    try {
      await this.writeEntry(shard, path, entryBytes(header, body));
    } catch (error) {
      this.shards.delete(shard);
      this.opts.onError?.(error);
      return false;
    }
    this.estimateEntries += 1;
    this.estimateBytes += header.n;
    this.writesSinceSweep += 1;
    if (this.overBounds()) void this.sweep();
    return true;
  }

  /**
   * Writes an entry's file into its shard, made first on this process's first write there (each shard
   * is made once: a write to a known one goes straight to its file). A known shard removed meanwhile (the
   * cache emptied by hand, a cleaner) fails the file's creation: the shard is made again and the entry
   * written, not lost.
   */
  private async writeEntry(shard: string, path: string, bytes: Buffer): Promise<void> {
    const durable = this.opts.durable ?? false;
    if (!this.shards.has(shard)) {
      await ensureDir(shard);
      this.shards.add(shard);
      return replaceFile(path, bytes, durable);
    }
    try {
      await replaceFile(path, bytes, durable);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await ensureDir(shard);
      await replaceFile(path, bytes, durable);
    }
  }

  async delete(key: string): Promise<boolean> {
    return this.remove(this.pathOf(key).path);
  }

  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined;
  }

  /** Removes every entry of this store's namespace (every entry when it has none). */
  async clear(): Promise<void> {
    const prefix = this.namespace ? `${this.namespace}:` : '';
    for (const file of await this.files()) {
      if (!ENTRY.test(basename(file.path))) continue;
      const header = prefix ? await readHeader(file.path) : undefined;
      if (!prefix || header?.k.startsWith(prefix)) await this.remove(file.path);
    }
  }

  async disconnect(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
  }

  private overBounds(): boolean {
    const { maxEntries, maxBytes } = this.opts;
    return (
      (maxEntries > 0 && this.estimateEntries > maxEntries) ||
      (maxBytes > 0 && this.estimateBytes > maxBytes) ||
      this.writesSinceSweep >= (this.opts.sweepEvery ?? 500)
    );
  }

  /**
   * Drops expired entries and stale temporary files, then the oldest written until within 90% of the
   * bounds. Skipped (undefined) while another process sweeps the same directory.
   */
  sweep(): Promise<SweepResult | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    // One at a time; asked during one, another follows it (it may have listed the files already).
    if (this.sweeping) {
      this.nextSweep ??= this.sweeping.then(() => {
        this.nextSweep = undefined;
        return this.sweep();
      });
      return this.nextSweep;
    }
    this.sweeping = this.sweepOnce()
      .catch((error: unknown) => {
        this.opts.onError?.(error);
        return undefined;
      })
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<SweepResult | undefined> {
    this.writesSinceSweep = 0;
    let release: (() => Promise<void>) | undefined;
    try {
      release = await lockfile.lock(this.dir, {
        realpath: false,
        // Beside the directory, not in it: anything walking the entries (a backup, du, a reader listing
        // them) would trip on a lock directory that comes and goes.
        lockfilePath: `${this.dir}.sweep.lock`,
        stale: 30_000,
        retries: 0,
        onCompromised: () => undefined,
      });
    } catch {
      return undefined;
    }
    try {
      const now = this.now();
      const live: (Found & { written: number })[] = [];
      let removed = 0;
      for (const file of await this.files()) {
        const name = basename(file.path);
        if (!ENTRY.test(name)) {
          if (now - file.mtimeMs > TMP_MAX_AGE_MS && (await this.remove(file.path))) removed++;
          continue;
        }
        const header = await readHeader(file.path);
        if (!header || (header.e !== null && header.e <= now)) {
          if (await this.remove(file.path)) removed++;
          continue;
        }
        live.push({ ...file, written: typeof header.w === 'number' ? header.w : file.mtimeMs });
      }
      live.sort((a, b) => a.written - b.written);
      let bytes = live.reduce((sum, f) => sum + f.size, 0);
      const { maxEntries, maxBytes } = this.opts;
      const entryTarget = maxEntries > 0 ? Math.floor(maxEntries * 0.9) : Number.POSITIVE_INFINITY;
      const byteTarget = maxBytes > 0 ? Math.floor(maxBytes * 0.9) : Number.POSITIVE_INFINITY;
      let kept = live.length;
      const over = () => (maxEntries > 0 && kept > entryTarget) || (maxBytes > 0 && bytes > byteTarget);
      for (const file of live) {
        if (!over()) break;
        if (await this.remove(file.path)) removed++;
        kept -= 1;
        bytes -= file.size;
      }
      this.estimateEntries = kept;
      this.estimateBytes = bytes;
      return { kept, bytes, removed };
    } finally {
      await release().catch(() => undefined);
    }
  }

  private async files(): Promise<Found[]> {
    const out: Found[] = [];
    let shards: string[];
    try {
      shards = await readdir(this.dir);
    } catch {
      return out;
    }
    for (const shard of shards) {
      if (!SHARD.test(shard)) continue;
      let names: string[];
      try {
        names = await readdir(join(this.dir, shard));
      } catch {
        continue;
      }
      // A shard seen is not made again: a write to it goes straight to its file (a store in use has
      // most of its 256 shards, which every process started asked for once, two trips to the disk).
      this.shards.add(join(this.dir, shard));
      for (const name of names) {
        const path = join(this.dir, shard, name);
        try {
          const info = await stat(path);
          if (info.isFile()) out.push({ path, size: info.size, mtimeMs: info.mtimeMs });
        } catch {
          // Removed meanwhile by another process.
        }
      }
    }
    return out;
  }

  private async remove(path: string): Promise<boolean> {
    try {
      await unlink(path);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The entry file's bytes, the body encoded once straight into them: a page's body is tens of kB, and
 * joining it to the header as a string made a copy on the heap, then another as UTF-8 for the write.
 */
function entryBytes(header: Header, body: string): Buffer {
  const line = `${JSON.stringify(header)}\n`;
  const lineBytes = Buffer.byteLength(line);
  const bytes = Buffer.allocUnsafe(lineBytes + header.n);
  bytes.write(line, 0);
  bytes.write(body, lineBytes);
  return bytes;
}

function parseEntry(text: string): { header: Header; body: string } | undefined {
  const nl = text.indexOf('\n');
  if (nl < 0) return undefined;
  const header = parseHeader(text.slice(0, nl));
  const body = text.slice(nl + 1);
  if (!header || Buffer.byteLength(body) !== header.n) return undefined;
  return { header, body };
}

function parseHeader(line: string): Header | undefined {
  try {
    const h = JSON.parse(line) as Partial<Header>;
    if (typeof h.k !== 'string' || typeof h.n !== 'number') return undefined;
    if (h.e !== null && typeof h.e !== 'number') return undefined;
    return h as Header;
  } catch {
    return undefined;
  }
}

/** The header line of an entry file without reading the whole value. */
async function readHeader(path: string): Promise<Header | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, 'r');
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const nl = text.indexOf('\n');
    return nl < 0 ? undefined : parseHeader(text.slice(0, nl));
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
