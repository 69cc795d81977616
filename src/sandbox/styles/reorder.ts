// Rows in another order, each keeping its true `rank`: a ranking reversed, shuffled or by name; and,
// drawn apart, resolve-batch rows in the API's own order (the unordered dialect's).
import { isRecord } from '../dialects/dialect.js';
import { unordered } from '../dialects/unordered.js';
import { RANKING_ROUTES } from './fixed.js';
import type { Piece } from './piece.js';

const nameOf = (row: unknown) => (isRecord(row) && typeof row.name === 'string' ? row.name : '');

export const reorder: Piece = {
  name: 'reorder',
  chance: 0.4,
  make(draw) {
    const order = draw.pick(['reversed', 'shuffled', 'by name']);
    const resolve = draw.chance(0.5);
    const stream = draw.fork('shuffle');
    const reordered = (rows: readonly unknown[]) =>
      order === 'reversed'
        ? rows.toReversed()
        : order === 'shuffled'
          ? stream.shuffle(rows)
          : rows.toSorted((a, b) => nameOf(a).localeCompare(nameOf(b)));
    return {
      describe: `ranking rows ${order} (true rank kept)${resolve ? ", resolve-batch rows in the API's order" : ''}`,
      response(body, req) {
        if (resolve && unordered.response) body = unordered.response(body, req);
        if (!RANKING_ROUTES.has(req.route) || !isRecord(body) || !Array.isArray(body.data)) return body;
        return { ...body, data: reordered(body.data) };
      },
    };
  },
};
