// Small filesystem helpers of the file store: directories made durably,
// files replaced atomically (a reader sees the old file or the new one, never a torn one).
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * Flushes a directory's entries (a rename or a new file in it) to disk. Without it a file that was
 * fsynced and renamed into place can still vanish with the power. Not possible on Windows: skipped.
 */
export async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** mkdir -p with private permissions; a directory it creates is made durable in its parent. */
export async function ensureDir(dir: string, durable = false): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (durable && first !== undefined) {
    // Every directory from `first` down was created: flush each one's entry in its parent.
    for (let d = dir; ; d = dirname(d)) {
      await fsyncDir(dirname(d));
      if (d === first || dirname(d) === d) break;
    }
  }
}

/**
 * Replaces `path` with `data`: written to a temporary file beside it, then renamed over it. With
 * `durable`, the file is fsynced before the rename and the directory after it, so the new content is
 * on disk when this resolves (a crash or kill -9 after it loses nothing).
 */
export async function replaceFile(path: string, data: string, durable: boolean): Promise<void> {
  await writeFileAtomic(path, data, { fsync: durable, mode: 0o600 });
  if (durable) await fsyncDir(dirname(path));
}
