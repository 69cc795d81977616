// A routes file remaps upstream routes without a release: when the real API's path for an assumed
// route turns out different, the user names the route and its real path. Checked in full at start.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { nearest } from '../domain/nearest.js';
import { StartError } from '../start-error.js';
import type { AliasTable } from './reader/aliases.js';
import { ROUTES, type RouteDef, type RouteName, type RouteTable } from './routes.js';

export class RoutesFileError extends StartError {}

const Override = z.strictObject({
  path: z
    .string()
    .regex(/^\/[^?#\s]*$/, 'must start with "/" and hold no query, fragment or space (use "query")'),
  method: z.enum(['GET', 'POST']).optional(),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).optional(),
});
type Override = z.infer<typeof Override>;

/** The `:name` segments of a path template. */
function placeholders(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '').sort();
}

/** ROUTES with the overrides of `file` applied; a RoutesFileError naming the file and the fix otherwise. */
export function loadRoutesFile(file: string, base: RouteTable = ROUTES): RouteTable {
  return loadUpstreamOverrides(file, base).routes;
}

/**
 * The whole routes file: the route table it makes, and the field aliases of its `"fields"` entry
 * (`{"fields": {"season": ["annee"]}}`: other names under which the API sends a field we read).
 */
export function loadUpstreamOverrides(
  file: string,
  base: RouteTable = ROUTES,
): { routes: RouteTable; fields: AliasTable } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RoutesFileError(
      `routes file ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RoutesFileError(`routes file ${file}: not valid JSON (${(error as Error).message}).`);
  }
  const origin = `routes file ${file}`;
  const { fields, ...routes } = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  return {
    routes: applyRouteOverrides(base, Array.isArray(json) || json === null ? json : routes, origin),
    fields: fields === undefined ? {} : parseFields(fields, origin),
  };
}

const Fields = z.record(
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be a field name such as "season"'),
  z.array(z.string().min(1).max(64)).min(1).max(20),
);

function parseFields(raw: unknown, origin: string): AliasTable {
  const parsed = Fields.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
  throw new RoutesFileError(
    `${origin}: "fields"${where}: ${issue?.message ?? 'invalid'}. It maps a field we read to the names the API uses for it, e.g. {"fields": {"season": ["annee"]}}.`,
  );
}

export function applyRouteOverrides(base: RouteTable, overrides: unknown, origin: string): RouteTable {
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    throw new RoutesFileError(
      `${origin}: must be a JSON object mapping route names to {"path", "method"?, "query"?}, e.g. {"teams": {"path": "/v2/clubs"}}.`,
    );
  }
  const table: Record<string, RouteDef> = { ...base };
  for (const [name, raw] of Object.entries(overrides)) {
    if (!Object.hasOwn(base, name)) {
      const closest = nearest(name, Object.keys(base), 3).join(', ');
      throw new RoutesFileError(
        `${origin}: unknown route "${name}". Closest: ${closest}. Route names are those of src/api/routes.ts (README, "Upstream routes").`,
      );
    }
    const parsed = Override.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
      throw new RoutesFileError(`${origin}: route "${name}"${where}: ${issue?.message ?? 'invalid'}.`);
    }
    const current = base[name as RouteName];
    table[name] = remap(name, current, parsed.data, origin);
  }
  return table as RouteTable;
}

function remap(name: string, current: RouteDef, override: Override, origin: string): RouteDef {
  const before = placeholders(current.path);
  const after = placeholders(override.path);
  if (before.join(',') !== after.join(',')) {
    const want = before.length > 0 ? before.map((p) => `:${p}`).join(', ') : 'none';
    throw new RoutesFileError(
      `${origin}: route "${name}" path "${override.path}" must keep the placeholders of "${current.path}" (${want}).`,
    );
  }
  return {
    ...current,
    path: override.path,
    method: override.method ?? current.method,
    ...(override.query ? { query: override.query } : {}),
  };
}

/** "name → METHOD /path" for each route `table` changes from ROUTES: for the start-up log. */
export function remappedRoutes(table: RouteTable): string[] {
  return (Object.keys(ROUTES) as RouteName[])
    .filter((name) => table[name] !== ROUTES[name])
    .map((name) => `${name} → ${table[name].method} ${table[name].path}`);
}
