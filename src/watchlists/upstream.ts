// What the watchlists ask of the upstream, and of the run that counts its requests: small interfaces,
// so this room knows the routes' answers, not the client that sends them nor the call that reports on them.
import type { z } from 'zod';
import type { ApiResult } from '../api/client.js';
import type { ListRead } from '../api/list-pages.js';
import type { Quota } from '../api/quota.js';
import type { CompareResponse, PlayerRecordResponse, RankingsResponse } from '../api/schemas.js';
import type { ResolveQuery, Tied } from '../facts/resolve-match.js';
import type { WatchlistStore } from '../store/watchlists.js';
import type { WeekWindows } from './part-weeks.js';

export interface WatchlistUpstream {
  quota: { current(): Quota; sync(): Promise<Quota> };
  /** POST /v1/players/resolve-batch, up to RESOLVE_BATCH players: each row tied to the player it answers. */
  resolve(queries: readonly ResolveQuery[], signal: AbortSignal): Promise<ApiResult<Tied>>;
  /** GET /v1/players/{id}, the current season's record. */
  record(
    id: string,
    signal: AbortSignal,
    fresh?: boolean,
  ): Promise<ApiResult<z.infer<typeof PlayerRecordResponse>>>;
  /** POST /v1/compare, 2 to COMPARE_BATCH persons. */
  compare(
    ids: string[],
    signal: AbortSignal,
    fresh?: boolean,
  ): Promise<ApiResult<z.infer<typeof CompareResponse>>>;
  /** GET /v1/rankings of a role in a league, its first page. */
  ranking(
    role: string,
    league: string,
    signal: AbortSignal,
    fresh?: boolean,
  ): Promise<ListRead<z.infer<typeof RankingsResponse>>>;
}

/** Requests sent side by side and counted: a required one fails the whole, an optional one is noted. */
export interface Parts {
  required<T>(label: string, request: (signal: AbortSignal) => Promise<ApiResult<T>>): Promise<T>;
  optional<T>(label: string, request: (signal: AbortSignal) => Promise<ApiResult<T>>): Promise<T | undefined>;
  readonly failures: readonly { section: string; error: string }[];
  cost(): { sent: number; from_cache: number };
}

/** `fresh`: skip the cache (the answer still refreshes it). */

/** The watchlists of one owner (an id computed from the API key, never the key). */
export interface OwnedLists {
  store: WatchlistStore;
  owner: string;
  /** When a refresh's parts count as one week of data (the settings); their defaults when unset. */
  weeks?: WeekWindows;
}
