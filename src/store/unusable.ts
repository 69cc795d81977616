// Watchlists whose store cannot be used (a folder the server cannot write, a damaged secret): every
// operation fails with the reason, so an assistant is never told "no watchlists" while lists are on disk,
// nor has an add acknowledged that would vanish at exit. The rest of the server is not affected.
import { randomBytes } from 'node:crypto';
import type { WatchlistInfo } from './watchlist-info.js';
import {
  DEFAULT_WATCHLIST_LIMITS,
  ownerId,
  type WatchlistDoc,
  WatchlistError,
  type WatchlistLimits,
  type WatchlistStore,
} from './watchlists.js';

export class UnusableWatchlistStore implements WatchlistStore {
  /** Owner ids are never stored here: one drawn per process keeps them valid and meaningless. */
  private readonly secret = randomBytes(32).toString('hex');

  constructor(
    readonly kind: WatchlistStore['kind'],
    /** What is wrong and what to do, for the caller: never a password. */
    private readonly reason: string,
    readonly limits: WatchlistLimits = DEFAULT_WATCHLIST_LIMITS,
  ) {}

  ownerOf(apiKey: string, scope = ''): string {
    return ownerId(this.secret, apiKey, scope);
  }

  list(): Promise<WatchlistInfo[]> {
    return this.refuse();
  }

  get(): Promise<WatchlistDoc | undefined> {
    return this.refuse();
  }

  update(): Promise<WatchlistDoc | undefined> {
    return this.refuse();
  }

  delete(): Promise<boolean> {
    return this.refuse();
  }

  async close(): Promise<void> {}

  private async refuse(): Promise<never> {
    throw new WatchlistError('unusable', this.reason);
  }
}
