// Watchlists in this process only: for tests and the HTTP default. Lost on restart, like the cache.
import { randomBytes } from 'node:crypto';
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

export class MemoryWatchlistStore implements WatchlistStore {
  readonly kind = 'memory';
  private readonly owners = new Map<string, Map<string, string>>();
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

  async list(owner: string): Promise<WatchlistDoc[]> {
    const docs = this.owners.get(checkOwner(owner));
    return docs ? [...docs.values()].map((json) => JSON.parse(json) as WatchlistDoc).sort(byName) : [];
  }

  async get(owner: string, name: string): Promise<WatchlistDoc | undefined> {
    const json = this.owners.get(checkOwner(owner))?.get(fieldOf(name));
    return json === undefined ? undefined : (JSON.parse(json) as WatchlistDoc);
  }

  async update(owner: string, name: string, change: WatchlistChange): Promise<WatchlistDoc | undefined> {
    return this.mutex.run(checkOwner(owner), async () => {
      const docs = this.owners.get(owner) ?? new Map<string, string>();
      const field = fieldOf(name);
      const raw = docs.get(field);
      const current = raw === undefined ? undefined : (JSON.parse(raw) as WatchlistDoc);
      const others = docs.size - (raw === undefined ? 0 : 1);
      const next = applyChange(current, name, change, this.limits, others, this.clock().toISOString());
      if (!next) return current;
      docs.set(field, next.json);
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
