// Likely other paths for an assumed route that answered 404: at most MAX_TRIES per route. A path is
// changed one word at a time (French, plural/singular, the usual synonyms), keeping every `:param`
// and the segments the spec documents (`v1`, `players`), so any candidate is a valid routes-file entry.
import type { RouteName } from '../api/routes.js';

export const MAX_TRIES = 3;

/** Segments the spec gives: never replaced. */
const FIXED = new Set(['v1', 'players']);

/** Other names of a path word, most likely first. */
const WORDS: Record<string, readonly string[]> = {
  teams: ['clubs', 'equipes', 'team'],
  coaches: ['entraineurs', 'managers', 'coach'],
  me: ['account', 'profile', 'moi'],
  seasons: ['saisons', 'season'],
  glossary: ['glossaire', 'definitions', 'dictionary'],
  comparison: ['comparaison', 'comparisons', 'distribution'],
  statistics: ['stats', 'statistiques', 'statistic'],
  roles: ['role-scores', 'indices', 'performance'],
  strengths: ['strengths-weaknesses', 'forces-faiblesses', 'forces'],
  'market-value': ['market_value', 'valeur-marchande', 'value'],
  projections: ['projection', 'league-projections', 'projections-ligues'],
  similar: ['similar-players', 'similaires', 'similarity'],
  search: ['recherche', 'find', 'lookup'],
  squad: ['effectif', 'players', 'roster'],
  career: ['carriere', 'history', 'clubs'],
  'tactical-profile': ['tactics', 'profil-tactique', 'tactical_profile'],
  'head-to-head': ['h2h', 'versus', 'confrontations'],
  indices: ['saved-indices', 'indexes', 'custom-indices'],
  presets: ['saved-presets', 'filters', 'saved-searches'],
  rankings: ['classements', 'ranking', 'top'],
};

/** Whole-path guesses worth more than a one-word change, tried first. */
const PATHS: Partial<Record<RouteName, readonly string[]>> = {
  player: ['/v1/players/:id/profile', '/v1/players/:id/record'],
  playerSearch: ['/v1/players', '/v1/search/players'],
  profile: ['/v1/account', '/v1/profile'],
};

/** Other names of a word not in WORDS: plural/singular and the other separator. */
function variants(word: string): readonly string[] {
  const known = WORDS[word];
  if (known) return known;
  const out = [word.endsWith('s') ? word.slice(0, -1) : `${word}s`];
  if (word.includes('-')) out.push(word.replaceAll('-', '_'));
  if (word.includes('_')) out.push(word.replaceAll('_', '-'));
  return out;
}

const isLiteral = (segment: string) => segment !== '' && !segment.startsWith(':') && !FIXED.has(segment);

/** `path` with the word renames learned from earlier routes (e.g. teams→clubs) applied. */
export function applyRenames(path: string, renames: ReadonlyMap<string, string>): string {
  return path
    .split('/')
    .map((s) => (isLiteral(s) ? (renames.get(s) ?? s) : s))
    .join('/');
}

/** The word renames between a path and the alternative that answered: one word for one word. */
export function renamesBetween(from: string, to: string): [string, string][] {
  const a = from.split('/');
  const b = to.split('/');
  if (a.length !== b.length) return [];
  return a.flatMap((s, i) =>
    s !== b[i] && isLiteral(s) && isLiteral(b[i] ?? '') ? [[s, b[i] as string]] : [],
  );
}

/**
 * Up to MAX_TRIES other paths for `route` at `path`: the renames learned so far first (a team route
 * after teams was found at /v1/clubs), then the route's own guesses, then one word changed at a
 * time, the last word first.
 */
export function alternativePaths(
  route: RouteName,
  path: string,
  renames: ReadonlyMap<string, string> = new Map(),
): string[] {
  const out: string[] = [];
  const add = (candidate: string) => {
    if (candidate !== path && !out.includes(candidate)) out.push(candidate);
  };
  add(applyRenames(path, renames));
  for (const candidate of PATHS[route] ?? []) add(candidate);
  const segments = path.split('/');
  const literal = segments.flatMap((s, i) => (isLiteral(s) ? [i] : [])).reverse();
  const depth = Math.max(0, ...literal.map((i) => variants(segments[i] as string).length));
  for (let rank = 0; rank < depth; rank++) {
    for (const i of literal) {
      const other = variants(segments[i] as string)[rank];
      if (other !== undefined) add(segments.map((s, j) => (j === i ? other : s)).join('/'));
    }
  }
  return out.slice(0, MAX_TRIES);
}
