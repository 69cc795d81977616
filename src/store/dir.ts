// Where the file store lives by default (import-free: the settings read it before anything is loaded).
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** `$XDG_CACHE_HOME/football-scout-mcp`, else `~/.cache/football-scout-mcp`. */
export function defaultStoreDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CACHE_HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME?.trim() || homedir(), '.cache');
  return join(base, 'football-scout-mcp');
}
