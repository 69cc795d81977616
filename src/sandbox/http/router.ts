// Path matching: literal segments win over `:param` segments, so /v1/players/search is never read
// as the player "search".

export interface Match<H> {
  readonly handler: H;
  readonly params: Readonly<Record<string, string>>;
  /** The path as registered, e.g. `/v1/players/:id/history`. */
  readonly route: string;
}

interface Route<H> {
  readonly method: string;
  readonly path: string;
  readonly segments: readonly string[];
  readonly handler: H;
}

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  add(method: string, path: string, handler: H): this {
    this.routes.push({ method, path, segments: path.split('/').filter(Boolean), handler });
    return this;
  }

  /** The route for a method and decoded path segments; `undefined` when no path matches at all. */
  match(method: string, segments: readonly string[]): Match<H> | 'method' | undefined {
    let best: { route: Route<H>; params: Record<string, string>; literals: number } | undefined;
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const literals = route.segments.filter((s) => !s.startsWith(':')).length;
      if (!best || literals > best.literals) best = { route, params, literals };
    }
    if (best) return { handler: best.route.handler, params: best.params, route: best.route.path };
    return pathMatched ? 'method' : undefined;
  }
}

function matchSegments(
  pattern: readonly string[],
  actual: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const a = actual[i] as string;
    if (p.startsWith(':')) params[p.slice(1)] = a;
    else if (p !== a) return undefined;
  }
  return params;
}
