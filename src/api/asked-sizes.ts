// The page sizes a client has asked of each list question (a route and its arguments, the limit aside):
// a ranking asks the API for the rows its call needs, and a later call wanting fewer rows of the same
// ranking is answered from a larger page already cached instead of asking again (list-pages.ts). Only a
// memory of what was asked: whether such a page is still in the cache, and fresh enough for the run,
// is the cache's to say when it is looked at.
import { LRUCache } from 'lru-cache';
import { atMost } from '../lib/bounded-map.js';
import { canonicalJson } from '../lib/canonical.js';

/** Questions remembered: the least recently asked go first (a forgotten one only asks again). */
export const ASKED_SIZES_QUESTIONS = 5_000;

/** A list question told from the others by everything it asks but its limit. */
export function questionKey(
  route: string,
  request: { params?: unknown; query?: Record<string, unknown>; body?: unknown },
): string {
  const { limit: _q, ...query } = request.query ?? {};
  const body =
    request.body !== null && typeof request.body === 'object'
      ? (({ limit: _b, ...rest }) => rest)(request.body as Record<string, unknown>)
      : request.body;
  return `${route} ${canonicalJson({ params: request.params ?? {}, query, body: body ?? null })}`;
}

export class AskedSizes {
  private readonly sizes = new LRUCache<string, number[]>(atMost(ASKED_SIZES_QUESTIONS));

  /** A first page of `question` was answered at `size` rows asked. */
  add(question: string, size: number): void {
    const known = this.sizes.get(question) ?? [];
    if (!known.includes(size))
      this.sizes.set(
        question,
        [...known, size].sort((a, b) => a - b),
      );
  }

  /** The sizes asked of `question` above `size`, smallest first. */
  above(question: string, size: number): number[] {
    return (this.sizes.get(question) ?? []).filter((s) => s > size);
  }
}
