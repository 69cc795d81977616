// Watchlists on disk: <dir>/watchlists/<owner>/<hash of name>.json, one document per file, and beside
// them <owner>/index.json, one entry per list (what listing shows, see WatchlistInfo) stamped with the
// inode, size and mtime of the file it describes.
// - Listing reads the index and stats the files: a list whose stamp differs (written by a process of
//   an earlier version, or one killed between the two writes) is read once and its entry renewed, so the
//   index is never trusted past what it describes, and lists written before it existed are indexed on
//   first listing. Losing the index costs one slow listing, never a list.
// - Atomic read-modify-write across processes: an owner's lists change under a lock (dir-lock.ts: an
//   atomic mkdir of <owner>.lock, refreshed while held, taken over when stale after a crash; a lock the
//   disk refuses fails at once, naming the path).
// - Durable on return: the new file is fsynced, renamed over the old one, then the directory fsynced. A
//   write that fails leaves the previous version as it was.
// - Never torn: readers take no lock and see the old document or the new one (atomic rename).
// - One damaged file puts that list alone out of use: it is listed as damaged, and can be deleted.

import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { chmod, link, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { lockDir } from './dir-lock.js';
import { diskError, errnoCode, onDisk } from './disk-errors.js';
import { ensureDir, type FileIo, fsyncDir, NODE_IO, replaceFile, TEMP_SUFFIX } from './fs.js';
import { damagedSecret } from './secret-help.js';
import { damagedInfo, damagedMessage, infoOf, type WatchlistInfo } from './watchlist-info.js';
import {
  applyChange,
  byName,
  checkOwner,
  DEFAULT_WATCHLIST_LIMITS,
  fieldOf,
  KeyedMutex,
  ownerId,
  readStored,
  type WatchlistChange,
  type WatchlistDoc,
  WatchlistError,
  type WatchlistLimits,
  type WatchlistStore,
  watchlistName,
} from './watchlists.js';

const DOC = /^[0-9a-f]{32}\.json$/;
const INDEX = 'index.json';

export interface FileWatchlistOptions {
  limits?: WatchlistLimits;
  /** A lock not refreshed for this long is taken over (its holder crashed), ms. */
  staleLockMs?: number;
  clock?: () => Date;
  /** The file calls, for tests that inject a full or read-only disk (default: node:fs). */
  io?: Partial<FileIo>;
}

/** One index entry: what the list is, and the stamp of the file it was read from. */
interface Indexed {
  stamp: string;
  info: WatchlistInfo;
}

export class FileWatchlistStore implements WatchlistStore {
  readonly kind = 'file';
  readonly limits: WatchlistLimits;
  private readonly mutex = new KeyedMutex();
  private readonly staleLockMs: number;
  private readonly clock: () => Date;
  private readonly io: FileIo;

  private constructor(
    private readonly root: string,
    private readonly secret: string,
    options: FileWatchlistOptions,
  ) {
    this.limits = options.limits ?? DEFAULT_WATCHLIST_LIMITS;
    this.staleLockMs = Math.max(2000, options.staleLockMs ?? 10_000);
    this.clock = options.clock ?? (() => new Date());
    this.io = { ...NODE_IO, ...options.io };
  }

  /** Opens (creating if needed) the watchlists of the store at `dir`, with its secret. */
  static async open(dir: string, options: FileWatchlistOptions = {}): Promise<FileWatchlistStore> {
    await ensureDir(dir, true);
    const root = join(dir, 'watchlists');
    await ensureDir(root, true);
    return new FileWatchlistStore(root, await storeSecret(dir), options);
  }

  ownerOf(apiKey: string, scope = ''): string {
    return ownerId(this.secret, apiKey, scope);
  }

  async list(owner: string): Promise<WatchlistInfo[]> {
    const dir = join(this.root, checkOwner(owner));
    const files = await this.docFiles(dir);
    if (files.length === 0) return [];
    const index = await this.readIndex(dir);
    const stats = await Promise.all(
      files.map((file) =>
        this.statOf(join(dir, file), 'listing the watchlists').catch((error: unknown) => error as Error),
      ),
    );
    const entries = new Map<string, Indexed>();
    // Lists the disk will not let be read: listed, not indexed (tried again at the next listing).
    const unreadable: WatchlistInfo[] = [];
    const kept = new Map<string, Indexed>();
    let renewed = false;
    // Lists the index does not describe as they are are read one at a time: a first listing of many
    // large lists holds one of them at once, not all.
    for (const [i, file] of files.entries()) {
      const field = file.slice(0, -'.json'.length);
      const known = index.get(field);
      const path = join(dir, file);
      const found = stats[i];
      if (!found) continue; // deleted meanwhile
      let text: string | undefined;
      try {
        if (found instanceof Error) throw found;
        if (known?.stamp === stampOf(found)) {
          entries.set(field, known);
          continue;
        }
        text = await this.readText(path, 'listing the watchlists');
      } catch (error) {
        unreadable.push(damagedInfo('', (error as Error).message, `file ${path}`, known?.info));
        if (known) kept.set(field, known);
        continue;
      }
      if (text === undefined) continue;
      const read = readStored(text);
      const info =
        'doc' in read
          ? infoOf(read.doc, Buffer.byteLength(text))
          : damagedInfo(text, `file ${path}: ${read.problem}`, `file ${path}`, known?.info);
      entries.set(field, { stamp: stampOf(found), info });
      renewed = true;
    }
    if (renewed || entries.size + kept.size !== index.size) {
      await this.renewIndex(owner, new Map([...entries, ...kept]));
    }
    return [...[...entries.values()].map((entry) => entry.info), ...unreadable].sort(byName);
  }

  async get(owner: string, name: string): Promise<WatchlistDoc | undefined> {
    return this.readDoc(join(this.root, checkOwner(owner), `${fieldOf(name)}.json`), name);
  }

  async update(owner: string, name: string, change: WatchlistChange): Promise<WatchlistDoc | undefined> {
    const dir = join(this.root, checkOwner(owner));
    const field = fieldOf(name);
    const path = join(dir, `${field}.json`);
    return this.locked(owner, async (stillHeld) => {
      const current = await this.readDoc(path, name);
      const others = (await this.docFiles(dir)).filter((f) => f !== `${field}.json`).length;
      const next = applyChange(current, name, change, this.limits, others, this.clock().toISOString());
      if (!next) return current;
      stillHeld();
      await onDisk(path, `storing watchlist "${next.doc.name}"`, () =>
        replaceFile(path, next.json, true, this.io),
      );
      // Acknowledged from here: the index is only a faster way to list, renewed when it is behind.
      await this.indexed(dir, async (index) => {
        const stats = await this.io.stat(path);
        index.set(field, { stamp: stampOf(stats), info: infoOf(next.doc, Buffer.byteLength(next.json)) });
      });
      await this.removeLeftovers(dir);
      return next.doc;
    });
  }

  async delete(owner: string, name: string): Promise<boolean> {
    const dir = join(this.root, checkOwner(owner));
    const field = fieldOf(name);
    const path = join(dir, `${field}.json`);
    return this.locked(owner, async (stillHeld) => {
      stillHeld();
      try {
        await this.io.unlink(path);
      } catch (error) {
        if (errnoCode(error) === 'ENOENT') return false;
        throw diskError(error, path, `deleting watchlist "${watchlistName(name)}"`);
      }
      await onDisk(dir, 'deleting a watchlist', () => fsyncDir(dir, this.io));
      await this.indexed(dir, async (index) => {
        index.delete(field);
      });
      return true;
    });
  }

  async close(): Promise<void> {}

  /**
   * Runs `task` holding the owner's lock: first within this process (a queue), then across processes
   * (the lock directory). `stillHeld` throws if the lock was lost meanwhile (held past its staleness
   * by a stalled process and taken over), so a write never lands outside the lock it was computed in.
   */
  private locked<T>(owner: string, task: (stillHeld: () => void) => Promise<T>): Promise<T> {
    return this.mutex.run(owner, async () => {
      const dir = join(this.root, owner);
      await onDisk(dir, 'making the directory of the watchlists', () => ensureDir(dir, true, this.io));
      let lost: Error | undefined;
      const release = await lockDir(dir, {
        io: this.io,
        staleMs: this.staleLockMs,
        wait: true,
        onCompromised: (error) => {
          lost = error;
        },
      });
      if (!release) throw new Error('unreachable: a waiting lock either holds or throws');
      try {
        return await task(() => {
          if (lost) throw new WatchlistError('busy', 'the watchlist lock was lost meanwhile: try again');
        });
      } finally {
        await release().catch(() => undefined);
      }
    });
  }

  /** Changes the index of `dir` (under the owner's lock); an index that cannot be written is renewed later. */
  private async indexed(dir: string, change: (index: Map<string, Indexed>) => Promise<void>): Promise<void> {
    try {
      const index = await this.readIndex(dir);
      await change(index);
      await this.writeIndex(dir, index);
    } catch {
      // The list itself is stored: the next listing reads it and renews its entry.
    }
  }

  /** Writes the entries a listing renewed, if the lock is free at once (else a later listing will). */
  private async renewIndex(owner: string, entries: Map<string, Indexed>): Promise<void> {
    const dir = join(this.root, owner);
    try {
      await this.mutex.run(owner, async () => {
        const release = await lockDir(dir, { io: this.io, staleMs: this.staleLockMs, wait: false });
        if (!release) return;
        try {
          await this.writeIndex(dir, entries);
        } finally {
          await release().catch(() => undefined);
        }
      });
    } catch {
      // A read-only or full disk still lists; it only lists the slow way.
    }
  }

  private async readIndex(dir: string): Promise<Map<string, Indexed>> {
    const index = new Map<string, Indexed>();
    let text: string;
    try {
      text = await this.io.readFile(join(dir, INDEX), 'utf8');
    } catch {
      return index;
    }
    try {
      const parsed = JSON.parse(text) as { version?: unknown; lists?: Record<string, Indexed> };
      if (parsed.version !== 1 || typeof parsed.lists !== 'object' || parsed.lists === null) return index;
      for (const [field, entry] of Object.entries(parsed.lists)) {
        if (typeof entry?.stamp === 'string' && typeof entry.info?.name === 'string') index.set(field, entry);
      }
    } catch {
      // An unreadable index is rebuilt from the lists.
    }
    return index;
  }

  /** Not fsynced: the index is rebuilt from the lists whenever it is lost or behind. */
  private async writeIndex(dir: string, index: Map<string, Indexed>): Promise<void> {
    await replaceFile(
      join(dir, INDEX),
      JSON.stringify({ version: 1, lists: Object.fromEntries(index) }),
      false,
      this.io,
    );
  }

  private async docFiles(dir: string): Promise<string[]> {
    try {
      return (await this.io.readdir(dir)).filter((name) => DOC.test(name));
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return [];
      throw diskError(error, dir, 'reading the watchlists');
    }
  }

  private async statOf(path: string, doing: string): Promise<Stats | undefined> {
    try {
      return await this.io.stat(path);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined;
      throw diskError(error, path, doing);
    }
  }

  /** The file's text; undefined when there is none. */
  private async readText(path: string, doing: string): Promise<string | undefined> {
    try {
      return await this.io.readFile(path, 'utf8');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return undefined;
      throw diskError(error, path, doing);
    }
  }

  private async readDoc(path: string, name: string): Promise<WatchlistDoc | undefined> {
    const text = await this.readText(path, `reading watchlist "${watchlistName(name)}"`);
    if (text === undefined) return undefined;
    const read = readStored(text);
    if ('doc' in read) return read.doc;
    throw new WatchlistError('damaged', damagedMessage(watchlistName(name), `file ${path}: ${read.problem}`));
  }

  /** Temporary files of writers killed mid-write (under the owner's lock, none is being written). */
  private async removeLeftovers(dir: string): Promise<void> {
    let names: string[];
    try {
      names = (await this.io.readdir(dir)).filter((name) => name.endsWith(TEMP_SUFFIX));
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      try {
        if (Date.now() - (await this.io.stat(path)).mtimeMs > 60_000) await this.io.unlink(path);
      } catch {
        // Gone already.
      }
    }
  }
}

/** What tells one version of a file from another: a rename gives a new inode, a write a new size or mtime. */
function stampOf(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

/**
 * The store's secret (<dir>/secret, 0600), created on first use. Two processes starting at once agree:
 * each writes a complete candidate beside it, and a hard link (which fails if the name exists) makes
 * exactly one of them the secret.
 */
export async function storeSecret(dir: string): Promise<string> {
  const path = join(dir, 'secret');
  const existing = await readSecret(path);
  if (existing) return existing;
  const candidate = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const handle = await open(candidate, 'wx', 0o600);
  try {
    await handle.writeFile(`${randomBytes(32).toString('hex')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(candidate, path);
    await fsyncDir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(candidate).catch(() => undefined);
  }
  const secret = await readSecret(path);
  if (!secret) throw new Error(damagedSecret(path));
  return secret;
}

async function readSecret(path: string): Promise<string | undefined> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).trim();
  } catch {
    return undefined;
  }
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(damagedSecret(path));
  if (process.platform !== 'win32') await chmod(path, 0o600).catch(() => undefined);
  return text;
}
