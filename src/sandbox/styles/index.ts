// A generated style: spec-preserving transformations picked and parametrised from a seed, composed
// into the hooks of a dialect. `42` takes each piece with its own chance; `42:rename,paging` takes
// exactly those pieces (their parameters still drawn from 42), `42:-reorder` any but that one. The same
// spec gives the same style.
import { composeLayers } from './compose.js';
import { drawFrom } from './draw.js';
import type { Hooks, Layer, Piece } from './piece.js';
import { PIECES } from './registry.js';

export { fromDialect, type Hooks, type Layer, type Piece } from './piece.js';
export { PIECES } from './registry.js';

export interface Style {
  /** The spec it was made from, as given. */
  readonly spec: string;
  /** One line: what each layer does, in order; "no transformation" when the seed took none. */
  readonly description: string;
  /** The pieces taken, by name, in order. */
  readonly pieces: readonly string[];
  readonly hooks: Hooks;
}

/**
 * `seed`, `seed:piece,piece` (those pieces only) or `seed:-piece,-piece` (any piece but those, each by
 * chance); an Error naming the pieces for a name it does not know.
 */
export function parseStyleSpec(
  spec: string,
  pieces: readonly Piece[] = PIECES,
): { seed: string; only?: string[]; without: string[] } {
  const at = spec.lastIndexOf(':');
  const seed = (at < 0 ? spec : spec.slice(0, at)).trim();
  if (seed === '') throw new Error(`sandbox style "${spec}" has no seed`);
  if (at < 0) return { seed, without: [] };
  const names = spec
    .slice(at + 1)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = new Set(pieces.map((p) => p.name));
  const unknown = names.map((name) => name.replace(/^-/, '')).filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new Error(`unknown style piece "${unknown[0]}"; one of ${[...known].join(', ')}`);
  const only = names.filter((name) => !name.startsWith('-'));
  const without = names.filter((name) => name.startsWith('-')).map((name) => name.slice(1));
  return { seed, ...(only.length > 0 ? { only } : {}), without };
}

export function styleOf(spec: string, pieces: readonly Piece[] = PIECES): Style {
  const { seed, only, without } = parseStyleSpec(spec, pieces);
  const draw = drawFrom(seed);
  const open = pieces.filter((p) => !without.includes(p.name));
  // A seed that takes no piece by chance takes one drawn piece: a style always transforms something.
  const fallback = only || open.length === 0 ? undefined : draw.pick(open).name;
  const draws = pieces.map((piece) => [piece, draw.fork(piece.name)] as const);
  const chosen = draws.map(([piece, own]) =>
    only ? only.includes(piece.name) : !without.includes(piece.name) && own.chance(piece.chance),
  );
  if (fallback !== undefined && !chosen.includes(true))
    chosen[pieces.findIndex((p) => p.name === fallback)] = true;
  const taken: [string, Layer][] = [];
  draws.forEach(([piece, own], i) => {
    const layer = chosen[i] ? piece.make(own.fork('parameters')) : undefined;
    if (layer) taken.push([piece.name, layer]);
  });
  const description =
    taken.length === 0 ? 'no transformation' : taken.map(([name, l]) => `${name}: ${l.describe}`).join('; ');
  return {
    spec,
    description: `style ${spec}: ${description}`,
    pieces: taken.map(([name]) => name),
    hooks: composeLayers(taken.map(([, layer]) => layer)),
  };
}
