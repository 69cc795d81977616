// What a file store says when the disk refuses: which path, why, and what to do. A full disk, a read-only
// file system and a permission denied are the operator's to fix, not a bug to report, and they are said at
// once (never after waiting for a lock that cannot be taken).
import { WatchlistError } from './watchlists.js';

/** The errno code of a file system error, if it has one. */
export function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** `error` (from the file system, on `path`, while `doing`) as a WatchlistError('storage') that says what to do. */
export function diskError(error: unknown, path: string, doing: string): WatchlistError {
  if (error instanceof WatchlistError) return error;
  const code = errnoCode(error) ?? (error as Error)?.name ?? 'error';
  const elsewhere = 'or point --store / FOOTBALL_MCP_STORE at another directory and restart';
  let what: string;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      what = `the disk holding ${path} is full (${code}) while ${doing}: free space there (or raise the disk quota), then call again`;
      break;
    case 'EROFS':
      what = `${path} is on a read-only file system (EROFS) while ${doing}: make it writable, ${elsewhere}`;
      break;
    case 'EACCES':
    case 'EPERM':
      what = `permission denied (${code}) on ${path} while ${doing}: give the server's user read and write access to it, ${elsewhere}`;
      break;
    default:
      what = `the file system failed (${code}) on ${path} while ${doing}: check the disk, then call again`;
  }
  return new WatchlistError('storage', what);
}

/** Runs `operation`; a file system failure comes out as diskError(…, path, doing). */
export async function onDisk<T>(path: string, doing: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw diskError(error, path, doing);
  }
}
