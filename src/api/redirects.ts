// Redirects as deployments send them: a web framework that serves every route at its path plus "/"
// answers the path without it with a 307 (or 301/308), a gateway moves a route. The client follows a
// redirect only on this upstream (same origin, under the base path: our key must never go elsewhere),
// keeps the method and body on 307/308, follows 301/302/303 only for a GET (they let clients turn a POST
// into a GET, which would drop its body), and stops after `--max-redirects` hops (DEFAULT_MAX_REDIRECTS). Every hop is a request
// sent (counted in the run's tally and the quota's view like any other).
import { ownPath } from './pagination.js';

/** The most redirects one request follows before it is an error, unless `--max-redirects` says otherwise. */
export const DEFAULT_MAX_REDIRECTS = 5;
/** Where the hop limit is set; named in the error. */
export const MAX_REDIRECTS_SETTING = '--max-redirects / FOOTBALL_API_MAX_REDIRECTS';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

/** Where a redirect leads: the path (with query) to ask next, or why it is not followed. */
export type RedirectStep = { path: string } | { refused: string };

/**
 * The next request after a redirect `status` to `location`, answered to `method` on `path` (with
 * query) of `origin`. `refused` names where it pointed (origin and path, no query) in our words.
 */
export function redirectStep(
  status: number,
  location: string | undefined,
  method: string,
  path: string,
  origin: string,
  basePath: string,
): RedirectStep {
  if (location === undefined || location.trim() === '')
    return { refused: `a ${status} redirect without a Location header` };
  let url: URL;
  try {
    url = new URL(location.trim(), origin + path);
  } catch {
    return { refused: `a ${status} redirect to an address that does not parse` };
  }
  const where = `${url.origin}${url.pathname}`.slice(0, 200);
  if (method !== 'GET' && status !== 307 && status !== 308)
    return { refused: `a ${status} redirect of a ${method} to ${where} (only 307 and 308 keep its body)` };
  const own = ownPath(onOurScheme(url, origin).href, origin, basePath);
  if (own === undefined)
    return { refused: `a ${status} redirect to ${where}, off this API's origin and base path: not followed` };
  return { path: own };
}

/**
 * A framework behind a TLS proxy often writes its redirects as http:// on the same host: the path is
 * asked on our https origin (nothing goes out in clear; the key never leaves the origin configured).
 */
function onOurScheme(url: URL, origin: string): URL {
  const ours = new URL(origin);
  const sameHost = url.hostname === ours.hostname && (url.port === '' || url.port === ours.port);
  if (url.protocol !== 'http:' || ours.protocol !== 'https:' || !sameHost || url.username || url.password)
    return url;
  return new URL(url.pathname + url.search, origin);
}

/** `path` (with its query) split at the query. */
function split(path: string): [string, string] {
  const at = path.indexOf('?');
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

/** `path` with "/" added to its path part, query kept. */
export function withSlash(path: string): string {
  const [bare, query] = split(path);
  return bare.endsWith('/') ? path : `${bare}/${query}`;
}

/** Whether `to` is `from` with "/" added to its path, query unchanged: the framework default. */
export function addsSlash(from: string, to: string): boolean {
  const [bare] = split(from);
  return !bare.endsWith('/') && withSlash(from) === to;
}

/** Paths whose slash redirect is remembered one by one, at most (a memo, not a cache of answers). */
const REMEMBERED_PATHS = 1000;
/** Distinct paths redirected to their slash form before every path is asked with the slash at once. */
const SLASH_RULE_AFTER = 2;

/**
 * What one client learned of an upstream that redirects each path to its slash form: the paths seen
 * redirected go straight there, and after SLASH_RULE_AFTER of them every path does (ids in paths make
 * most paths new). A guess of the rule that meets a 404 drops the rule and is asked again as asked.
 */
export class SlashMemory {
  private readonly paths = new Set<string>();
  private rule = false;

  /** The path to send for `path` (with query), and whether the slash was guessed by the rule. */
  route(path: string): { path: string; guessed: boolean } {
    const [bare] = split(path);
    if (bare.endsWith('/')) return { path, guessed: false };
    if (this.paths.has(bare)) return { path: withSlash(path), guessed: false };
    return this.rule ? { path: withSlash(path), guessed: true } : { path, guessed: false };
  }

  /** A redirect from `from` to `to` was followed. */
  redirected(from: string, to: string): void {
    if (!addsSlash(from, to)) return;
    if (this.paths.size >= REMEMBERED_PATHS) this.paths.clear();
    this.paths.add(split(from)[0]);
    if (this.paths.size >= SLASH_RULE_AFTER) this.rule = true;
  }

  /** The slash the rule added met a 404: the rule does not hold for this upstream. */
  forget(): void {
    this.rule = false;
  }
}
