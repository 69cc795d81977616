// Resource objects, JSON:API style: every row of `data` (and a record under `data`) is
// `{type, id, attributes, relationships}`. A player row's id is its player_id; ranking entries,
// scouting results, fits, similar players, comparison points and resolutions are resources of their
// own, with an id of their own (never a player_id), their player behind `relationships.player`
// and their club behind `relationships.club`, each found in `included` with its attributes (the
// player's name, service_id, age…; the club's name); a team's coach likewise. `meta`, the fields
// beside `data` and /v1/enums stay as they are.
import { type Dialect, isRecord, type Json } from './dialect.js';
import { slug } from './nested.js';

interface Shape {
  readonly type: string;
  /** The field that is the row's id; none: the row gets an id of its own. */
  readonly id?: string;
  /** The row's player (and club) become relationships to `included` objects. */
  readonly linked?: boolean;
}

const ENTRY: Shape = { type: 'ranking-entry', linked: true };
const PLAYER: Shape = { type: 'player', id: 'player_id' };
const TEAM: Shape = { type: 'team', id: 'team_id' };
const COACH: Shape = { type: 'coach', id: 'coach_id' };

const SHAPES: Readonly<Record<string, Shape>> = {
  '/v1/me': { type: 'account' },
  '/v1/me/indices': { type: 'saved-index', id: 'id' },
  '/v1/me/presets': { type: 'preset', id: 'id' },
  '/v1/leagues': { type: 'league' },
  '/v1/seasons': { type: 'season', id: 'season' },
  '/v1/glossary': { type: 'glossary-entry', id: 'key' },
  '/v1/rankings': ENTRY,
  '/v1/rankings/statistics': ENTRY,
  '/v1/scouting': { type: 'scouting-result', linked: true },
  '/v1/comparison': { type: 'comparison-point', linked: true },
  '/v1/compare': PLAYER,
  '/v1/fit-score': { type: 'fit', linked: true },
  '/v1/players/search': PLAYER,
  '/v1/players/resolve-batch': { type: 'resolution', linked: true },
  '/v1/players/:id': PLAYER,
  '/v1/players/:id/history': PLAYER,
  '/v1/players/:id/statistics': { type: 'player-statistics' },
  '/v1/players/:id/roles': { type: 'role-score' },
  '/v1/players/:id/strengths': { type: 'strengths' },
  '/v1/players/:id/market-value': { type: 'market-value' },
  '/v1/players/:id/projections': { type: 'projection' },
  '/v1/players/:id/similar': { type: 'similar-player', linked: true },
  '/v1/teams': TEAM,
  '/v1/teams/:id': TEAM,
  '/v1/teams/:id/squad': PLAYER,
  '/v1/teams/:id/similar': TEAM,
  '/v1/teams/:id/head-to-head/:otherId': { type: 'head-to-head' },
  '/v1/coaches': COACH,
  '/v1/coaches/:id': COACH,
  '/v1/coaches/:id/career': { type: 'stint' },
  '/v1/coaches/:id/tactical-profile': { type: 'tactical-profile' },
};

/** A player's own fields, found in `included` behind a linked row's `relationships.player`. */
const PLAYER_FIELDS = ['service_id', 'name', 'age', 'nationality', 'position'];

type Included = Map<string, Json>;

function include(included: Included, type: string, id: string, attributes: Json): void {
  const key = `${type}\n${id}`;
  const known = included.get(key);
  if (known) Object.assign(known.attributes as Json, attributes);
  else included.set(key, { type, id, attributes: { ...attributes } });
}

/** A resource's id as JSON:API writes it, a string: an id the answer sent as a number too (numeric ids). */
const idText = (id: unknown): string | undefined =>
  typeof id === 'string' ? id : typeof id === 'number' && Number.isFinite(id) ? String(id) : undefined;

const link = (type: string, id: string) => ({ data: { type, id } });

function resource(row: unknown, shape: Shape, index: number, included: Included): unknown {
  if (!isRecord(row)) return row;
  const attributes: Json = { ...row };
  const relationships: Json = {};
  const ownId = shape.id ? idText(row[shape.id]) : undefined;
  if (shape.id && ownId !== undefined) delete attributes[shape.id];
  const id = ownId ?? `${slug(shape.type)}_${index + 1}`;
  const playerId = idText(row.player_id);
  const teamId = idText(row.team_id);
  if (shape.linked && playerId !== undefined) {
    const player: Json = {};
    for (const field of PLAYER_FIELDS) {
      if (!(field in row)) continue;
      player[field] = row[field];
      delete attributes[field];
    }
    delete attributes.player_id;
    include(included, 'player', playerId, player);
    relationships.player = link('player', playerId);
  } else if (shape.linked) relationships.player = { data: null };
  if (shape.linked && teamId !== undefined && typeof row.club === 'string') {
    include(included, 'team', teamId, { name: row.club });
    relationships.club = link('team', teamId);
    delete attributes.team_id;
    delete attributes.club;
  }
  const coachId = isRecord(row.coach) ? idText(row.coach.coach_id) : undefined;
  if (isRecord(row.coach) && coachId !== undefined) {
    const { coach_id: _id, ...rest } = row.coach;
    include(included, 'coach', coachId, rest);
    relationships.coach = link('coach', coachId);
    delete attributes.coach;
  }
  return {
    type: shape.type,
    id,
    attributes,
    ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
  };
}

export const resourceDialect: Dialect = {
  name: 'resource',
  summary:
    'JSON:API-style resource objects: {type, id, attributes, relationships} rows, ranking entries and other results with ids of their own, players, clubs and coaches in `included`',
  response(body, req) {
    const shape = SHAPES[req.route];
    if (!shape || !isRecord(body)) return body;
    const included: Included = new Map();
    const data = Array.isArray(body.data)
      ? body.data.map((row, i) => resource(row, shape, i, included))
      : isRecord(body.data)
        ? resource(body.data, shape, 0, included)
        : body.data;
    return { ...body, data, ...(included.size > 0 ? { included: [...included.values()] } : {}) };
  },
};
