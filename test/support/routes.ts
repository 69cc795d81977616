// Which route of ROUTES a request the sandbox logged went to: an id must never open another route.
import { ROUTES } from '../../src/api/routes.js';

const PATTERNS = Object.values(ROUTES).map((route) => ({
  method: route.method as string,
  path: new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/?#]+')}$`),
}));

/** True when the raw target (percent-encoded, as logged) is one route of ROUTES, each id one segment. */
export function fitsOneRoute(method: string, target: string): boolean {
  const path = target.split('?')[0] ?? '';
  if (target.includes('#')) return false;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  return PATTERNS.some((p) => p.method === method && p.path.test(path));
}
