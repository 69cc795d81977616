// Maps that forget their oldest entries past a count and a byte budget: what keeps every cache of the
// process (answers, quota states, rendered charts, answers kept parsed) bounded.
export interface BoundedMapOptions {
  /** The most bytes the values may hold together (see `sizeOf`); unbounded by default. */
  maxBytes?: number;
  /** A value larger than this share of `maxBytes` is not kept at all (default 1/4). */
  maxEntryShare?: number;
}

/**
 * A Map that forgets its oldest entries past a number of entries and, with `maxBytes`, past a number of
 * bytes, so a long-running server stays bounded whatever the size of the answers: counting entries alone
 * let ten 20-50 MB answers take the process from 77 to 753 MB. A value larger than a share of the budget
 * is not kept (it would evict everything else and soon be evicted itself).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly sizes = new Map<K, number>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    options: BoundedMapOptions = {},
  ) {
    super();
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.maxEntryBytes = this.maxBytes * (options.maxEntryShare ?? 0.25);
  }

  /** The bytes the values hold together, as counted by `sizeOf`. */
  get bytes(): number {
    return this.total;
  }

  override set(key: K, value: V): this {
    return this.setSized(key, value, sizeOf(value));
  }

  /** `set` with the value's size given by the caller (measured its own way), not by `sizeOf`. */
  setSized(key: K, value: V, size: number): this {
    if (this.has(key)) this.delete(key);
    if (size > this.maxEntryBytes) return this;
    super.set(key, value);
    this.sizes.set(key, size);
    this.total += size;
    while (this.size > this.maxEntries || this.total > this.maxBytes) {
      const oldest = this.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    return this;
  }

  /** Makes `key` the newest entry, the last to go (for least-recently-used order); false if absent. */
  touch(key: K): boolean {
    if (!super.has(key)) return false;
    const value = super.get(key) as V;
    super.delete(key);
    super.set(key, value);
    return true;
  }

  override delete(key: K): boolean {
    this.total -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
    return super.delete(key);
  }

  override clear(): void {
    super.clear();
    this.sizes.clear();
    this.total = 0;
  }
}

/**
 * A BoundedMap for the cache's serialized entries that keeps each string as UTF-8 bytes outside the
 * JavaScript heap and gives it back as a string. A page holding one name outside Latin-1 is stored two
 * bytes a character on the heap; as UTF-8 it takes about half, and the byte budget is real bytes that
 * V8 does not multiply by its heap growth (after the load, cached answers were 24 of 55 MB live).
 */
export class Utf8BoundedMap extends BoundedMap<string, unknown> {
  override set(key: string, value: unknown): this {
    return super.set(key, typeof value === 'string' ? Buffer.from(value, 'utf8') : value);
  }

  override get(key: string): unknown {
    const value = super.get(key);
    return Buffer.isBuffer(value) ? value.toString('utf8') : value;
  }
}

const WIDE = /[\u0100-\uffff]/;

/**
 * What a value costs in memory, about: a string is what the stores hold (Keyv serializes every entry),
 * one byte a character, or two when any character is outside Latin-1 (V8 then stores it two bytes wide).
 */
export function sizeOf(value: unknown): number {
  if (typeof value === 'string') return WIDE.test(value) ? value.length * 2 : value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  try {
    return sizeOf(JSON.stringify(value) ?? '');
  } catch {
    return 0;
  }
}
