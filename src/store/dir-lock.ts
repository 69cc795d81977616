// The lock of one owner's watchlist directory across processes: proper-lockfile, an atomic mkdir of
// <dir>.lock, refreshed while held, taken over when stale after a crash. proper-lockfile retries every
// failure alike, so a lock the disk refuses (full, read-only, permission denied) used to be retried for
// about 40 s and then reported as held by another process. One attempt comes first: taken, refused by the
// disk (thrown at once: retrying cannot help), or held by another process, and only that is waited for.
import * as callbackFs from 'node:fs';
import lockfile from 'proper-lockfile';
import { diskError, errnoCode } from './disk-errors.js';
import type { FileIo } from './fs.js';
import { WatchlistError } from './watchlists.js';

export interface DirLockOptions {
  /** The store's file calls: the lock directory is made with its mkdir, so a fault injected there is met. */
  io: FileIo;
  /** A lock not refreshed for this long is taken over (its holder crashed), ms. */
  staleMs: number;
  /** Held by another process: retried for a few seconds (true), or given up at once (false). */
  wait: boolean;
  /** Told when the lock was lost while held (held past its staleness by a stalled process). */
  onCompromised?: (error: Error) => void;
}

/** Callback-style fs for proper-lockfile, one per FileIo. */
const lockFsOf = new WeakMap<FileIo, typeof callbackFs>();

function lockFs(io: FileIo): typeof callbackFs {
  let fs = lockFsOf.get(io);
  if (!fs) {
    fs = {
      ...callbackFs,
      mkdir: ((path: string, done: (error: NodeJS.ErrnoException | null) => void) => {
        io.mkdir(path).then(
          () => done(null),
          (error: NodeJS.ErrnoException) => done(error),
        );
      }) as typeof callbackFs.mkdir,
    };
    lockFsOf.set(io, fs);
  }
  return fs;
}

/**
 * Takes the lock of `dir`: resolves to its release. Without `wait`, undefined when another process holds
 * it. Throws WatchlistError('storage') when the disk refuses it, 'busy' when still held after waiting.
 */
export async function lockDir(
  dir: string,
  { io, staleMs, wait, onCompromised = () => undefined }: DirLockOptions,
): Promise<(() => Promise<void>) | undefined> {
  const lockPath = `${dir}.lock`;
  const options = { realpath: false, lockfilePath: lockPath, stale: staleMs, fs: lockFs(io), onCompromised };
  const refused = (error: unknown) =>
    errnoCode(error) === 'ELOCKED'
      ? undefined
      : diskError(error, lockPath, 'taking the lock of the watchlists');
  try {
    return await lockfile.lock(dir, { ...options, retries: 0 });
  } catch (error) {
    const disk = refused(error);
    if (disk) throw disk;
    if (!wait) return undefined;
  }
  try {
    return await lockfile.lock(dir, {
      ...options,
      retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 200, randomize: true },
    });
  } catch (error) {
    const disk = refused(error);
    if (disk) throw disk;
    throw new WatchlistError(
      'busy',
      `the watchlist store is busy (another process keeps its lock ${lockPath}): try again`,
    );
  }
}
