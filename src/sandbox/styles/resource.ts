// Rows as resource objects `{type, id, attributes, relationships}` with players and clubs in
// `included` (the resource dialect's).
import { resourceDialect } from '../dialects/resource.js';
import type { Piece } from './piece.js';

export const resource: Piece = {
  name: 'resource',
  chance: 0.2,
  make: () => ({
    describe: 'rows as resource objects {type, id, attributes, relationships}, players and clubs in included',
    ...(resourceDialect.response ? { response: resourceDialect.response } : {}),
  }),
};
