// Player names as they are spelt at home: some names take ø, å, ß, æ, œ, þ, ł, đ, ı and accents
// ("Martin Odegard" reads "Martin Ødegård"), the same spelling in every answer; and resolve-batch
// rows do not echo the query, so the client must tie them by id or by name (a player found by neither
// has no row). Every respelling folds
// back to the sandbox's own name (ø → o, ß → ss, æ → ae …), so the sandbox's lookups, which fold
// what they are given, find the player by either spelling.
import { type Dialect, ECHOES, isRecord, isStatisticsMap, type Json } from './dialect.js';

/** Respellings, each name taking one set (or none) by a hash of the name. */
const VARIANTS: readonly (readonly [from: RegExp, to: string][])[] = [
  [
    [/o/g, 'ø'],
    [/O/g, 'Ø'],
    [/a/g, 'å'],
  ],
  [
    [/ss/g, 'ß'],
    [/ae/g, 'æ'],
    [/oe/g, 'œ'],
    [/l/g, 'ł'],
    [/L/g, 'Ł'],
  ],
  [
    [/th/g, 'þ'],
    [/Th/g, 'Þ'],
    [/d/g, 'đ'],
    [/e/g, 'é'],
  ],
  [
    [/i/g, 'ı'],
    [/u/g, 'ü'],
    [/c/g, 'ç'],
    [/n/g, 'ñ'],
  ],
];

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

/** The name as spelt at home: one name in five keeps its plain spelling. */
export function respell(name: string): string {
  const variant = VARIANTS[hash(name) % (VARIANTS.length + 1)];
  if (!variant) return name;
  return variant.reduce((out, [from, to]) => out.replace(from, to), name);
}

/** A player's name is the `name` of an object that carries a player_id or a service_id. */
const isPlayer = (value: Json) => 'player_id' in value || 'service_id' in value;

function rewrite(value: unknown, resolveRow = false): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, resolveRow));
  if (!isRecord(value)) return value;
  const player = isPlayer(value);
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (resolveRow && key === 'query') continue;
    if (player && key === 'name' && typeof v === 'string') out[key] = respell(v);
    else out[key] = ECHOES.has(key) || isStatisticsMap(key, v) ? v : rewrite(v);
  }
  return out;
}

/** Every player's name in an answer respelt (`respell`); echoes and statistics maps left as they are. */
export const respellNames = (body: unknown): unknown => rewrite(body);

/**
 * A resolve-batch answer whose rows echo no query, its names respelt. Without its echo a row that found
 * no one would say nothing at all: such a player has no row.
 */
export function resolvedWithoutEcho(body: unknown): unknown {
  if (!isRecord(body) || !Array.isArray(body.data)) return rewrite(body);
  const found = body.data.filter((row) => isRecord(row) && (row.player_id != null || row.service_id != null));
  return { ...(rewrite(body) as Json), data: found.map((row) => rewrite(row, true)) };
}

export const unicode: Dialect = {
  name: 'unicode',
  summary:
    'player names spelt with ø, å, ß, æ, œ, þ, ł, đ, ı and accents (folding back to the plain name); resolve-batch rows echo no query',
  response: (body, req) =>
    req.route === '/v1/players/resolve-batch' ? resolvedWithoutEcho(body) : respellNames(body),
};
