// Watchlists in this process only: for tests and the HTTP default. Lost on restart, like the cache.
// Documents are kept as JSON (a caller never holds the stored copy), their index entries beside them.
import { randomBytes } from 'node:crypto';
import { infoOf, type WatchlistInfo } from './watchlist-info.js';
import {
  applyChange,
  byName,
  checkOwner,
  DEFAULT_WATCHLIST_LIMITS,
  fieldOf,
  KeyedMutex,
  ownerId,
  type WatchlistChange,
  type WatchlistDoc,
  type WatchlistLimits,
  type WatchlistStore,
} from './watchlists.js';

interface Kept {
  json: string;
  info: WatchlistInfo;
}

export class MemoryWatchlistStore implements WatchlistStore {
  readonly kind = 'memory';
  private readonly owners = new Map<string, Map<string, Kept>>();
  private readonly mutex = new KeyedMutex();
  private readonly secret: string;

  constructor(
    readonly limits: WatchlistLimits = DEFAULT_WATCHLIST_LIMITS,
    secret?: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.secret = secret ?? randomBytes(32).toString('hex');
  }

  ownerOf(apiKey: string, scope = ''): string {
    return ownerId(this.secret, apiKey, scope);
  }

  async list(owner: string): Promise<WatchlistInfo[]> {
    const docs = this.owners.get(checkOwner(owner));
    return docs ? [...docs.values()].map((kept) => ({ ...kept.info })).sort(byName) : [];
  }

  async get(owner: string, name: string): Promise<WatchlistDoc | undefined> {
    const kept = this.owners.get(checkOwner(owner))?.get(fieldOf(name));
    return kept === undefined ? undefined : (JSON.parse(kept.json) as WatchlistDoc);
  }

  async update(owner: string, name: string, change: WatchlistChange): Promise<WatchlistDoc | undefined> {
    return this.mutex.run(checkOwner(owner), async () => {
      const docs = this.owners.get(owner) ?? new Map<string, Kept>();
      const field = fieldOf(name);
      const kept = docs.get(field);
      const current = kept === undefined ? undefined : (JSON.parse(kept.json) as WatchlistDoc);
      const others = docs.size - (kept === undefined ? 0 : 1);
      const next = applyChange(current, name, change, this.limits, others, this.clock().toISOString());
      if (!next) return current;
      docs.set(field, { json: next.json, info: infoOf(next.doc, Buffer.byteLength(next.json)) });
      this.owners.set(owner, docs);
      return next.doc;
    });
  }

  async delete(owner: string, name: string): Promise<boolean> {
    return this.mutex.run(checkOwner(owner), async () => {
      const docs = this.owners.get(owner);
      const removed = docs?.delete(fieldOf(name)) ?? false;
      if (docs?.size === 0) this.owners.delete(owner);
      return removed;
    });
  }

  async close(): Promise<void> {}
}
