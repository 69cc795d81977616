// The most recently used cached answers kept parsed, beside the store, so a hit on them skips the
// store's read and the JSON.parse of a full page (21 % of server CPU per cached call). Entries are
// frozen: every caller of a hot entry gets the same objects, which no tool may change.
import { LRUCache } from 'lru-cache';

export interface HotEntriesOptions {
  /** Most entries kept parsed. */
  maxEntries: number;
  /** Most bytes they may hold together, as estimated by `freezeAndMeasure` (about their JSON size). */
  maxBytes: number;
}

export const DEFAULT_HOT_ENTRIES: HotEntriesOptions = { maxEntries: 64, maxBytes: 4 * 1024 * 1024 };

export class HotEntries<V extends object> {
  /** Least recently used first out: a hit makes its entry the newest. Undefined at a zero bound. */
  private readonly entries: LRUCache<string, V> | undefined;

  constructor(options: HotEntriesOptions = DEFAULT_HOT_ENTRIES) {
    const { maxEntries, maxBytes } = options;
    if (maxEntries < 1 || maxBytes < 1) return;
    this.entries = new LRUCache<string, V>({
      max: maxEntries,
      maxSize: Math.floor(maxBytes),
      // An entry over a quarter of the budget would push out most others and soon go itself.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    });
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  get(key: string): V | undefined {
    return this.entries?.get(key);
  }

  /**
   * Keeps `value` (frozen, deeply) unless it alone is over a quarter of the byte budget; `bytes` is
   * what `freezeAndMeasure` said of it, when it was frozen already.
   */
  keep(key: string, value: V, bytes = freezeAndMeasure(value)): void {
    this.entries?.set(key, value, { size: Math.max(1, Math.ceil(bytes)) });
  }

  delete(key: string): void {
    this.entries?.delete(key);
  }

  clear(): void {
    this.entries?.clear();
  }
}

/** Freezes a JSON-like value and everything in it; returns about how many bytes its JSON takes. */
export function freezeAndMeasure(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 8;
  let bytes = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) bytes += freezeAndMeasure(value[i]) + 1;
  } else {
    // Keys walked in place: `Object.entries` made an array a key, thousands for a page after every miss.
    for (const key in value) {
      if (Object.hasOwn(value, key)) {
        bytes += key.length + 4 + freezeAndMeasure((value as Record<string, unknown>)[key]);
      }
    }
  }
  Object.freeze(value);
  return bytes;
}
