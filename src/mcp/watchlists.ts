// The watchlists of the key a tool call runs with.
import { UnauthorizedError } from '../api/errors.js';
import type { ToolDeps, WatchlistAccess } from './context.js';

/** The watchlists of the key in use, or the same refusal as a call without a key. */
export function watchlistAccess(deps: ToolDeps): WatchlistAccess {
  if (!deps.watchlists) throw new UnauthorizedError('missing');
  return deps.watchlists;
}
