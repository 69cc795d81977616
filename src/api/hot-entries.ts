// The most recently used cached answers kept parsed, beside the store, so a hit on them skips the
// store's read and the JSON.parse of a full page (21 % of server CPU per cached call). Entries are
// frozen: every caller of a hot entry gets the same objects, which no tool may change.
import { BoundedMap } from '../lib/bounded-map.js';

export interface HotEntriesOptions {
  /** Most entries kept parsed. */
  maxEntries: number;
  /** Most bytes they may hold together, as estimated by `freezeAndMeasure` (about their JSON size). */
  maxBytes: number;
}

export const DEFAULT_HOT_ENTRIES: HotEntriesOptions = { maxEntries: 64, maxBytes: 4 * 1024 * 1024 };

export class HotEntries<V extends object> {
  /** In least recently used order: a hit makes its entry the newest. */
  private readonly entries: BoundedMap<string, V>;

  constructor(options: HotEntriesOptions = DEFAULT_HOT_ENTRIES) {
    this.entries = new BoundedMap(options.maxEntries, { maxBytes: options.maxBytes });
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) this.entries.touch(key);
    return value;
  }

  /**
   * Keeps `value` (frozen, deeply) unless it alone is over a quarter of the byte budget; `bytes` is
   * what `freezeAndMeasure` said of it, when it was frozen already.
   */
  keep(key: string, value: V, bytes = freezeAndMeasure(value)): void {
    this.entries.setSized(key, value, bytes);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Freezes a JSON-like value and everything in it; returns about how many bytes its JSON takes. */
export function freezeAndMeasure(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 8;
  let bytes = 2;
  if (Array.isArray(value)) {
    for (const item of value) bytes += freezeAndMeasure(item) + 1;
  } else {
    for (const [key, item] of Object.entries(value)) bytes += key.length + 4 + freezeAndMeasure(item);
  }
  Object.freeze(value);
  return bytes;
}
