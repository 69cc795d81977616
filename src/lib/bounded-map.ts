// Every cache of the process that forgets (answers, quota states, answers kept parsed, rendered charts,
// caller keys, shared servers) is an lru-cache. This file holds what some of them need on top: a count
// bound that does not allocate up front, and the Map-like store Keyv takes, bounded by bytes.
import { LRUCache } from 'lru-cache';

/**
 * lru-cache options for at most `count` entries, allocated as they come: lru-cache's own `max` allocates
 * its arrays for `max` entries at once (10 million known keys: 280 MB at start, however few are kept).
 */
export function atMost(count: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: count, sizeCalculation: () => 1 };
}

export interface BoundedMapOptions {
  /** The most bytes the values may hold together (see `sizeOf`); unbounded by default. */
  maxBytes?: number;
  /** A value larger than this share of `maxBytes` is not kept at all (default 1/4). */
  maxEntryShare?: number;
}

type Value = NonNullable<unknown>;

/**
 * A store for Keyv that forgets its oldest entries past a number of entries and, with `maxBytes`, past a
 * number of bytes, so a long-running server stays bounded whatever the size of the answers: counting
 * entries alone let ten 20-50 MB answers take the process from 77 to 753 MB. A value larger than a share
 * of the budget is not kept (it would evict everything else and soon be evicted itself). An lru-cache
 * with what Keyv's stores need besides: a zero bound keeps nothing (lru-cache reads 0 as no bound), each
 * value measured as the store holds it, and entries going in the order they were written (a read moves
 * nothing: the settings say the oldest go first).
 */
export class BoundedMap<K extends Value, V extends Value> {
  /** Undefined when a bound is zero: nothing is kept. */
  private readonly lru: LRUCache<K, V> | undefined;

  constructor(maxEntries: number, options: BoundedMapOptions = {}) {
    const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    if (maxEntries <= 0 || maxBytes <= 0) return;
    if (!Number.isFinite(maxBytes)) {
      this.lru = new LRUCache<K, V>(atMost(maxEntries));
      return;
    }
    this.lru = new LRUCache<K, V>({
      ...(Number.isFinite(maxEntries) ? { max: maxEntries } : {}),
      maxSize: Math.floor(maxBytes),
      maxEntrySize: Math.max(1, Math.floor(maxBytes * (options.maxEntryShare ?? 0.25))),
      sizeCalculation: (value) => Math.max(1, sizeOf(value)),
    });
  }

  get size(): number {
    return this.lru?.size ?? 0;
  }

  /** The bytes the values hold together, as counted by `sizeOf` (with `maxBytes`; else the entries). */
  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  get(key: K): V | undefined {
    return this.lru?.peek(key);
  }

  /** Keyv passes a time to live too: entries here leave by the bounds, Keyv drops them once expired. */
  set(key: K, value: V): this {
    this.lru?.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.lru?.delete(key) ?? false;
  }

  clear(): void {
    this.lru?.clear();
  }

  /** The keys, oldest first. */
  *keys(): IterableIterator<K> {
    if (this.lru) yield* this.lru.rkeys();
  }

  /** The entries, oldest first. */
  *entries(): IterableIterator<[K, V]> {
    for (const key of this.keys()) yield [key, this.lru?.peek(key) as V];
  }
}

/**
 * A BoundedMap for the cache's serialized entries that keeps each string as UTF-8 bytes outside the
 * JavaScript heap and gives it back as a string. A page holding one name outside Latin-1 is stored two
 * bytes a character on the heap; as UTF-8 it takes about half, and the byte budget is real bytes that
 * V8 does not multiply by its heap growth (after the load, cached answers were 24 of 55 MB live).
 */
export class Utf8BoundedMap extends BoundedMap<string, Value> {
  override set(key: string, value: Value): this {
    return super.set(key, typeof value === 'string' ? Buffer.from(value, 'utf8') : value);
  }

  override get(key: string): Value | undefined {
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
