// Names as objects: every club, team, league and country `{id, name}`, statistics grouped by family
// (the nested dialect's answer bodies, without its nested player rows).
import { nestObjects } from '../dialects/nested.js';
import type { Piece } from './piece.js';

export const objects: Piece = {
  name: 'objects',
  chance: 0.25,
  make: () => ({
    describe: 'club, team, league and country as {id, name}; statistics grouped by family',
    response: (body, req) => (req.route === '/v1/enums' ? body : nestObjects(body)),
  }),
};
