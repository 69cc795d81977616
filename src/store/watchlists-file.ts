// Watchlists on disk: <dir>/watchlists/<owner>/<hash of name>.json, one document per file.
// - Atomic read-modify-write across processes: an owner's lists change under a lock (proper-lockfile:
//   an atomic mkdir of <owner>.lock, refreshed while held, taken over when stale after a crash).
// - Durable on return: the new file is fsynced, renamed over the old one, then the directory fsynced.
// - Never torn: readers take no lock and see the old document or the new one (atomic rename).
import { randomBytes } from 'node:crypto';
import { chmod, link, open, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { ensureDir, fsyncDir, replaceFile, TEMP_SUFFIX } from './fs.js';
import { damagedSecret } from './secret-help.js';
import {
  applyChange,
  byName,
  checkOwner,
  DEFAULT_WATCHLIST_LIMITS,
  fieldOf,
  KeyedMutex,
  ownerId,
  parseDocument,
  type WatchlistChange,
  type WatchlistDoc,
  WatchlistError,
  type WatchlistLimits,
  type WatchlistStore,
} from './watchlists.js';

const DOC = /^[0-9a-f]{32}\.json$/;

export interface FileWatchlistOptions {
  limits?: WatchlistLimits;
  /** A lock not refreshed for this long is taken over (its holder crashed), ms. */
  staleLockMs?: number;
  clock?: () => Date;
}

export class FileWatchlistStore implements WatchlistStore {
  readonly kind = 'file';
  readonly limits: WatchlistLimits;
  private readonly mutex = new KeyedMutex();
  private readonly staleLockMs: number;
  private readonly clock: () => Date;

  private constructor(
    private readonly root: string,
    private readonly secret: string,
    options: FileWatchlistOptions,
  ) {
    this.limits = options.limits ?? DEFAULT_WATCHLIST_LIMITS;
    this.staleLockMs = Math.max(2000, options.staleLockMs ?? 10_000);
    this.clock = options.clock ?? (() => new Date());
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

  async list(owner: string): Promise<WatchlistDoc[]> {
    const dir = join(this.root, checkOwner(owner));
    const docs: WatchlistDoc[] = [];
    for (const name of await docFiles(dir)) {
      const doc = await readDoc(join(dir, name));
      if (doc) docs.push(doc);
    }
    return docs.sort(byName);
  }

  async get(owner: string, name: string): Promise<WatchlistDoc | undefined> {
    return readDoc(join(this.root, checkOwner(owner), `${fieldOf(name)}.json`));
  }

  async update(owner: string, name: string, change: WatchlistChange): Promise<WatchlistDoc | undefined> {
    const path = join(this.root, checkOwner(owner), `${fieldOf(name)}.json`);
    return this.locked(owner, async (stillHeld) => {
      const current = await readDoc(path);
      const others = (await docFiles(join(this.root, owner))).filter((f) => !path.endsWith(f)).length;
      const next = applyChange(current, name, change, this.limits, others, this.clock().toISOString());
      if (!next) return current;
      stillHeld();
      await replaceFile(path, next.json, true);
      await removeLeftovers(join(this.root, owner));
      return next.doc;
    });
  }

  async delete(owner: string, name: string): Promise<boolean> {
    const path = join(this.root, checkOwner(owner), `${fieldOf(name)}.json`);
    return this.locked(owner, async (stillHeld) => {
      stillHeld();
      try {
        await unlink(path);
      } catch {
        return false;
      }
      await fsyncDir(join(this.root, owner));
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
      await ensureDir(dir, true);
      let lost: Error | undefined;
      let release: () => Promise<void>;
      try {
        release = await lockfile.lock(dir, {
          realpath: false,
          lockfilePath: `${dir}.lock`,
          stale: this.staleLockMs,
          retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 200, randomize: true },
          onCompromised: (error) => {
            lost = error;
          },
        });
      } catch (error) {
        throw new WatchlistError(
          'busy',
          `the watchlist store is busy (another process keeps its lock): try again (${(error as Error).message})`,
        );
      }
      try {
        return await task(() => {
          if (lost) throw new WatchlistError('busy', 'the watchlist lock was lost meanwhile: try again');
        });
      } finally {
        await release().catch(() => undefined);
      }
    });
  }
}

async function docFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => DOC.test(name));
  } catch {
    return [];
  }
}

/** Temporary files of writers killed mid-write (under the owner's lock, none is being written). */
async function removeLeftovers(dir: string): Promise<void> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(TEMP_SUFFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    try {
      if (Date.now() - (await stat(path)).mtimeMs > 60_000) await unlink(path);
    } catch {
      // Gone already.
    }
  }
}

async function readDoc(path: string): Promise<WatchlistDoc | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  const doc = parseDocument(text);
  if (!doc)
    throw new WatchlistError(
      'invalid_document',
      `unreadable watchlist file ${path}: restore it or remove it`,
    );
  return doc;
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
