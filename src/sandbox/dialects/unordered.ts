// resolve-batch in the API's own order rather than the order asked: its rows sorted by service_id (rows
// not linked yet after them, by player_id), and no row at all for a player it does not find. The spec
// shows neither the order of that answer nor whether a player not found has a row. Everything else is
// standard.
import { type Dialect, isRecord } from './dialect.js';

const ROUTE = '/v1/players/resolve-batch';
/** Sorts after every id: rows without one go last. */
const LAST = '\uffff';

const idOf = (row: unknown, field: string): string => {
  const value = isRecord(row) ? row[field] : undefined;
  return typeof value === 'string' ? value : LAST;
};

function byServiceId(a: unknown, b: unknown): number {
  const [sa, sb] = [idOf(a, 'service_id'), idOf(b, 'service_id')];
  if (sa !== sb) return sa < sb ? -1 : 1;
  const [pa, pb] = [idOf(a, 'player_id'), idOf(b, 'player_id')];
  return pa === pb ? 0 : pa < pb ? -1 : 1;
}

export const unordered: Dialect = {
  name: 'unordered',
  summary:
    'resolve-batch rows sorted by service_id instead of in the order asked, none for a player not found',
  response(body, req) {
    if (req.route !== ROUTE || !isRecord(body) || !Array.isArray(body.data)) return body;
    const found = body.data.filter((row) => !isRecord(row) || row.status !== 'not_found');
    return { ...body, data: found.toSorted(byServiceId) };
  },
};
