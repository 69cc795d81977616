// Property: real sandbox answers, reshaped at random as another faithful reading of the spec would
// shape them (fields renamed to their aliases, records bare, lists under a named array, objects for
// names, a nested player, ids and numbers in the other encoding, optional fields null or gone), are
// always read: never an internal error, never "unreadable", and no row is lost while it keeps an identity.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALIASES } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { isPlainObject } from '../../src/api/reader/values.js';
import { ROUTES, type RouteName } from '../../src/api/routes.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { collectIds, ROUTE_SCHEMAS, routeRequest, sandboxCall } from '../support/route-requests.js';
import { propertyRuns } from '../support/sample.js';

/** Fields that carry a row's identity or that the spec (or our reading of a row kind) requires. */
const KEPT = new Set([
  'data',
  'player_id',
  'service_id',
  'name',
  'rank',
  'score',
  'key',
  'team_id',
  'coach_id',
  'season',
  'role',
  'roles',
  'league',
  'statistic',
  'club',
  'home',
  'away',
  'home_goals',
  'away_goals',
  'metric',
  'team',
  'opponent',
  'played',
  'wins',
  'draws',
  'losses',
  'id',
  'fits',
  'statistics',
  'strengths',
  'weaknesses',
]);
const NAMED = new Set(['club', 'league', 'country', 'team']);

/** One random reshaping decision per field, drawn from `rand` (a fast-check stream of numbers). */
function reshape(value: unknown, rand: () => number, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => reshape(v, rand, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    let v = reshape(raw, rand, depth + 1);
    const pick = rand();
    if (!KEPT.has(key) && pick < 0.1) continue; // dropped
    if (!KEPT.has(key) && pick < 0.2) v = null;
    else if (typeof v === 'number' && pick < 0.5) v = String(v);
    else if (typeof v === 'string' && NAMED.has(key) && pick < 0.6) v = { id: `x${v.length}`, name: v };
    const aliases = DEFAULT_ALIASES[key];
    const renamed = aliases && rand() < 0.4 ? aliases[Math.floor(rand() * aliases.length)] : undefined;
    out[renamed && !(renamed in value) && !(renamed in out) ? renamed : key] = v;
  }
  // A row's identity moved into a nested `player` object.
  if (depth >= 2 && 'player_id' in out && rand() < 0.2) {
    const { player_id, service_id, name, ...rest } = out;
    return { ...rest, player: { player_id, service_id, name } };
  }
  return out;
}

/** The answer's envelope: records bare, lists under a named array inside `data`. */
function rewrap(body: unknown, rand: () => number): unknown {
  if (!isPlainObject(body)) return body;
  const { data } = body;
  const pick = rand();
  if (Array.isArray(data) && pick < 0.3) return { ...body, data: { items: data } };
  if (isPlainObject(data) && pick < 0.4) return data;
  return body;
}

function rowCount(body: unknown): number | undefined {
  return isPlainObject(body) && Array.isArray(body.data) ? body.data.length : undefined;
}

let sandbox: RunningSandbox;
const answers = new Map<RouteName, unknown>();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const call = sandboxCall(sandbox);
  const ids = await collectIds(call);
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const { path, query, body } = routeRequest(name, ids);
    const res = await call(ROUTES[name].method, query ? `${path}?${query}` : path, body);
    answers.set(name, res.body);
  }
});

afterAll(async () => {
  await sandbox.close();
});

describe('the tolerant reader on reshaped sandbox answers', () => {
  it('reads every route, whatever the reshaping, keeping every row that keeps an identity', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(ROUTES) as RouteName[])),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 64,
          maxLength: 64,
        }),
        (name, draws) => {
          let i = 0;
          const rand = () => draws[i++ % draws.length] as number;
          const original = answers.get(name);
          const shaped = rewrap(reshape(original, rand), rand);
          const { value } = readAnswer(
            ROUTE_SCHEMAS[name],
            shaped,
            `${ROUTES[name].method} ${ROUTES[name].path}`,
          );
          const expected = rowCount(original);
          if (expected !== undefined && name !== 'enums') {
            expect((value as { data: unknown[] }).data).toHaveLength(expected);
          }
        },
      ),
      propertyRuns('reader reshape', 600),
    );
  });
});
