// Player names as they are spelt at home (the unicode dialect's): "Martin Ødegård" for "Martin Odegard",
// with ø, å, ß, æ, œ, þ, ł, đ, ı and accents, the same spelling in every answer, while callers type them
// plainly; by a draw, resolve-batch rows that echo no query, tied back by id or by name only.
import { resolvedWithoutEcho, respellNames } from '../dialects/unicode.js';
import type { Piece } from './piece.js';

export const accents: Piece = {
  name: 'accents',
  chance: 0.2,
  make(draw) {
    const noEcho = draw.chance(0.5);
    return {
      describe: `player names spelt with letters of their own (ø, ß, æ, accents)${noEcho ? ', resolve-batch rows echo no query' : ''}`,
      response: (body, req) =>
        noEcho && req.route === '/v1/players/resolve-batch' ? resolvedWithoutEcho(body) : respellNames(body),
    };
  },
};
