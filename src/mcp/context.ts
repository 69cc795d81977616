import type { ApiClient } from '../api/client.js';
import type { UntoldLedger } from '../api/untold-requests.js';
import type { ChartStore } from '../charts/chart-store.js';
import type { ImagePolicy } from '../charts/spec.js';
import type { RoleCatalog } from '../facts/role-catalog.js';
import type { Logger } from '../log.js';
import type { WatchlistStore } from '../store/watchlists.js';
import type { WeekWindows } from '../watchlists/part-weeks.js';

/** The watchlists of the key in use: the store and the owner id it computed from the key (never the key). */
export interface WatchlistAccess {
  store: WatchlistStore;
  owner: string;
  /** When a refresh's parts count as one week of data (the settings); their defaults when unset. */
  weeks?: WeekWindows;
}

/** What a tool may use: the upstream client and the role catalog, nothing of the transport. */
export interface ToolDeps {
  api: ApiClient;
  roles: RoleCatalog;
  logger: Logger;
  /** How charts reach the client (the images setting); 'auto' (a link to the PNG) when unset. */
  images?: ImagePolicy;
  /** Where linked charts are kept for `resources/read`, shared by every caller of the process. */
  charts?: ChartStore;
  /** Requests spent for this key outside any answer (a session's key check), told by its next answer. */
  untold?: UntoldLedger;
  /** Undefined when no API key is in use (nobody to own a watchlist). */
  watchlists?: WatchlistAccess;
}

export interface ToolContext extends ToolDeps {
  /** Aborts when the MCP client cancels the request; passed to every upstream call. */
  signal: AbortSignal;
  /** Reports progress to the client when it asked for it (a progressToken); a no-op otherwise. */
  progress: ProgressReporter;
  /** Whether the client renders MCP Apps, so a chart's SVG in `_meta` would be drawn by the chart app. */
  rendersApps?: boolean;
  /** Who may read the charts this call links to: its credentials and session (see chartOwner). */
  caller?: string;
}

export type ProgressReporter = (done: number, total: number, message: string) => void;

/** What every caller of one process shares: the connection pool, the cache, the quota store. */
export interface SharedUpstream {
  /**
   * Deps for one session or request, using `apiKey` upstream (the server-wide key if undefined). The
   * watchlists belong to `apiKey`; without one, to the server token `tokenId` names (hosted with
   * --auth-tokens); without either, to the server-wide key.
   */
  depsFor(apiKey: string | undefined, tokenId?: string): ToolDeps;
  close(): Promise<void>;
}
