import type { Dispatcher, Pool } from 'undici';

/** Connections to the upstream shared by every caller, unless set (--upstream-connections). */
export const DEFAULT_UPSTREAM_CONNECTIONS = 32;

/** What the client needs of a dispatcher: an undici Pool, Agent or MockAgent all fit. */
export interface Requester {
  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
  /** Resolves once requests can go out; the per-attempt timeout starts after it. */
  ready?(): Promise<unknown>;
}

/**
 * An undici Pool created on the first request. undici's index loads every feature it has (fetch,
 * WebSocket, caches, mocks): about a quarter of the server's cold start, and the `initialize`
 * answer needs none of it (see README, Performance). The first upstream request pays it instead.
 */
export function lazyPool(origin: string, options: Pool.Options): Requester {
  let pool: Promise<Pool> | undefined;
  const get = () => {
    pool ??= import('undici').then((undici) => new undici.Pool(origin, options));
    return pool;
  };
  return {
    request: async (request) => (await get()).request(request),
    ready: get,
    close: async () => {
      if (pool) await (await pool).close();
    },
  };
}
