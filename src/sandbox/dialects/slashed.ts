// A web framework's habit: every route lives at its path plus "/", and the path without it is answered
// 307 (method and body kept) with `Location` the same path plus "/" and the same query, relative. The
// redirect costs no quota (the framework answers it before the API sees the request). Everything else
// is standard: the router reads a path with or without the slash alike.
import type { Dialect, WireAnswer, WireRequest } from './dialect.js';

/** Where the framework sends `target` (path and query): the path plus "/", or undefined when it has one. */
export function slashRedirect(target: string): string | undefined {
  const at = target.indexOf('?');
  const [path, query] = at < 0 ? [target, ''] : [target.slice(0, at), target.slice(at)];
  return path.endsWith('/') ? undefined : `${path}/${query}`;
}

/** The 307 a framework answers to `req` when its path lacks the slash. */
export function slashAnswer(req: WireRequest): WireAnswer | undefined {
  const location = slashRedirect(req.target);
  if (location === undefined) return undefined;
  return {
    status: 307,
    headers: { Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    body: Buffer.from(`Temporary Redirect. Redirecting to ${location}`),
  };
}

export const slashed: Dialect = {
  name: 'slashed',
  summary: 'every route at its path plus "/": the path without it answers 307 to it (method and body kept)',
  gate: () => ({ admit: slashAnswer }),
};
