// What a piece of a style is: one spec-preserving transformation, parametrised from a seed. A piece
// makes a layer: the hooks of a dialect (request, response, gate, wire) and one phrase saying what it
// drew. A style is the layers of the pieces its seed took, composed (compose.ts).
import type { Dialect } from '../dialects/dialect.js';
import type { Draw } from './draw.js';

export type Hooks = Omit<Dialect, 'name' | 'summary'>;

export interface Layer extends Hooks {
  /** What this layer does, as drawn: "field names in German (12 renamed)". */
  readonly describe: string;
}

export interface Piece {
  /** A short name, used to take or leave the piece in a style spec (`42:rename,paging`). */
  readonly name: string;
  /** How often a seed takes it when the spec names no pieces. */
  readonly chance: number;
  /** The layer, its parameters drawn; undefined when the draw leaves nothing to do. */
  make(draw: Draw): Layer | undefined;
}

/** A dialect as a piece with nothing to draw: `fromDialect(trailingSlash, 0.2)` in the registry. */
export function fromDialect(dialect: Dialect, chance: number, name: string = dialect.name): Piece {
  const { name: _name, summary, ...hooks } = dialect;
  return { name, chance, make: () => ({ describe: summary, ...hooks }) };
}
