// Small filesystem helpers of the file store: directories made durably,
// files replaced atomically (a reader sees the old file or the new one, never a torn one).
import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The file calls the stores make, in one object: a store given another one (a test injecting a full
 * disk or a read-only file system) sees every one of its reads and writes go through it.
 */
export interface FileIo {
  mkdir: typeof nodeFs.mkdir;
  open: typeof nodeFs.open;
  rename: typeof nodeFs.rename;
  stat: typeof nodeFs.stat;
  unlink: typeof nodeFs.unlink;
  readFile: typeof nodeFs.readFile;
  readdir: typeof nodeFs.readdir;
  link: typeof nodeFs.link;
  chmod: typeof nodeFs.chmod;
}

export const NODE_IO: FileIo = {
  mkdir: nodeFs.mkdir,
  open: nodeFs.open,
  rename: nodeFs.rename,
  stat: nodeFs.stat,
  unlink: nodeFs.unlink,
  readFile: nodeFs.readFile,
  readdir: nodeFs.readdir,
  link: nodeFs.link,
  chmod: nodeFs.chmod,
};

/**
 * Flushes a directory's entries (a rename or a new file in it) to disk. Without it a file that was
 * fsynced and renamed into place can still vanish with the power. Not possible on Windows: skipped.
 */
export async function fsyncDir(dir: string, io: FileIo = NODE_IO): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await io.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** mkdir -p with private permissions; a directory it creates is made durable in its parent. */
export async function ensureDir(dir: string, durable = false, io: FileIo = NODE_IO): Promise<void> {
  const first = await makeDirs(dir, io);
  if (durable && first !== undefined) {
    // Every directory from `first` down was created: flush each one's entry in its parent.
    for (let d = dir; ; d = dirname(d)) {
      await fsyncDir(dirname(d), io);
      if (d === first || dirname(d) === d) break;
    }
  }
}

/**
 * mkdir -p by hand, returning the first directory it created. Node's own `recursive: true` never
 * settles on some paths (under /proc, for one), which would hang the start instead of failing it.
 */
async function makeDirs(dir: string, io: FileIo): Promise<string | undefined> {
  try {
    await io.mkdir(dir, { mode: 0o700 });
    return dir;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      if (!(await io.stat(dir)).isDirectory()) throw new Error(`${dir} exists and is not a directory`);
      return undefined;
    }
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw error;
    const first = await makeDirs(parent, io);
    try {
      await io.mkdir(dir, { mode: 0o700 });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'EEXIST') throw again;
      return first;
    }
    return first ?? dir;
  }
}

/** Temporary files are named `<target>.<pid>.<n>.<random>.tmp`: one a killed writer left is recognisable. */
export const TEMP_SUFFIX = '.tmp';
let written = 0;
/**
 * Drawn once per process: with the pid and the count it keeps two writers apart even where pids repeat
 * (containers sharing a directory, each its pid 1). Random bytes per write were a call into the CSPRNG
 * on every cache entry written.
 */
let run: string | undefined;

/**
 * Replaces `path` with `data`: written to a new temporary file beside it (0600), then renamed over it,
 * so a reader sees the old content or the new, never a part. With `durable`, the file is fsynced before
 * the rename and the directory after it: the new content is on disk when this resolves (a crash or
 * kill -9 after it loses nothing). (write-file-atomic does the same minus the directory, but names its
 * temporary files from __filename, which the server's ES module bundle does not have.)
 */
export async function replaceFile(
  path: string,
  data: string | Uint8Array,
  durable: boolean,
  io: FileIo = NODE_IO,
): Promise<void> {
  written += 1;
  run ??= randomBytes(4).toString('hex');
  const temp = `${path}.${process.pid}.${written.toString(36)}.${run}${TEMP_SUFFIX}`;
  const handle = await io.open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await io.rename(temp, path);
  } catch (error) {
    await io.unlink(temp).catch(() => undefined);
    throw error;
  }
  if (durable) await fsyncDir(dirname(path), io);
}
