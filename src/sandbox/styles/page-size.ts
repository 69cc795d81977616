// The page size a paging piece draws: a cap on a page, and the size of a page asked without a limit.
import type { DialectRequest } from '../dialects/dialect.js';
import { pageSize } from '../dialects/paged.js';
import type { Draw } from './draw.js';

export interface DrawnPageSize {
  /** The rows of the page asked (the limit asked, else the fallback), never above the cap. */
  size(req: DialectRequest): number;
  /** In words, for the style's description. */
  described: string;
}

/** Draws the cap among `caps`, then the fallback (the order every paging piece draws them in). */
export function drawnPageSize(draw: Draw, caps: readonly number[] = [5, 10, 20, 25, 50]): DrawnPageSize {
  const cap = draw.pick(caps);
  const fallback = Math.min(cap, draw.pick([10, 20, 25]));
  return {
    size: (req) => pageSize(req, fallback, cap),
    described: `pages of the limit asked (${fallback} without one), at most ${cap}`,
  };
}
