// Resource objects, JSON:API style: a row `{type, id, attributes, relationships}` and, beside the list,
// `included` objects that relationships point to. Read as the plain row they stand for: the attributes
// are its fields; its own id is read by its type (a `player`'s id is its player_id, a `team`'s its
// team_id, a `ranking-entry`'s is NOT a player id); each relationship is resolved one level, through
// `included` when the answer carries it.
import { fieldName } from './names.js';
import { isPlainObject } from './values.js';

type Json = Record<string, unknown>;

/** The id field a resource type's id is, for the types whose id a row reads. */
const ENTITY_IDS: Readonly<Record<string, string>> = {
  player: 'player_id',
  joueur: 'player_id',
  team: 'team_id',
  club: 'team_id',
  equipe: 'team_id',
  coach: 'coach_id',
  manager: 'coach_id',
  entraineur: 'coach_id',
};
export const ENTITY_FIELDS: ReadonlySet<string> = new Set(Object.values(ENTITY_IDS));

/** `Players`, `player`, `PLAYER` → `player`; `ranking-entries` → `ranking_entry`. */
function typeName(type: unknown): string {
  const name = fieldName(String(type));
  if (Object.hasOwn(ENTITY_IDS, name)) return name;
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('es') && Object.hasOwn(ENTITY_IDS, name.slice(0, -2))) return name.slice(0, -2);
  if (name.endsWith('s') && !name.endsWith('ss')) return name.slice(0, -1);
  return name;
}

/** The id field of a resource of this type (player_id, team_id, coach_id), if a row reads one. */
export function entityField(type: unknown): string | undefined {
  const name = typeName(type);
  return Object.hasOwn(ENTITY_IDS, name) ? ENTITY_IDS[name] : undefined;
}

const isId = (v: unknown): v is string | number =>
  (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v));

/** A row that is a resource object rather than the row itself. */
export function isResource(row: Json): boolean {
  return typeof row.type === 'string' && (isPlainObject(row.attributes) || isPlainObject(row.relationships));
}

// The `included` objects of the answer being read, by type and id. Reading is synchronous: a stack.
const includedStack: Map<string, Json>[] = [];
const linkKey = (type: unknown, id: unknown) => `${typeName(type)}\n${String(id)}`;

/** Runs `read` with the answer's `included` objects at hand for the relationships of its rows. */
export function withIncluded<T>(answer: unknown, read: () => T): T {
  const list = isPlainObject(answer) && Array.isArray(answer.included) ? answer.included : undefined;
  if (!list) return read();
  const index = new Map<string, Json>();
  for (const item of list) {
    if (isPlainObject(item) && typeof item.type === 'string' && isId(item.id))
      index.set(linkKey(item.type, item.id), item);
  }
  includedStack.push(index);
  try {
    return read();
  } finally {
    includedStack.pop();
  }
}

export interface ResourceReading {
  /** Relationship names (and types) whose object's fields are the row's own (a ranking entry's player). */
  lift: ReadonlySet<string>;
  /** The row reads a bare `id` as an entity id (player rows: `id` → player_id): another type's id must not land there. */
  idIsEntity: boolean;
  /** The row has a field named `id` of its own (saved items). */
  hasId: boolean;
}

function setIfEmpty(out: Json, key: string, value: unknown): void {
  if (out[key] === undefined || out[key] === null) out[key] = value;
}

/** As setIfEmpty; two objects under one name (a group of fields on each side) are merged, the row's first. */
function setOrMerge(out: Json, key: string, value: unknown): void {
  const own = out[key];
  if (isPlainObject(own) && isPlainObject(value)) out[key] = { ...value, ...own };
  else setIfEmpty(out, key, value);
}

/** The plain row a resource object stands for. */
export function flattenResource(resource: Json, reading: ResourceReading): Json {
  const out: Json = {};
  if (isPlainObject(resource.attributes))
    for (const key in resource.attributes) out[key] = resource.attributes[key];
  // A resource object's own `meta` (JSON:API allows one) may carry the row's values (a score, a rank).
  if (isPlainObject(resource.meta))
    for (const key in resource.meta)
      if (!isPlainObject(resource.meta[key])) setIfEmpty(out, key, resource.meta[key]);
  const id = resource.id;
  if (isId(id)) setIfEmpty(out, ownIdField(resource.type, reading), id);
  const relationships = isPlainObject(resource.relationships) ? resource.relationships : undefined;
  if (!relationships) return out;
  const included = includedStack[includedStack.length - 1];
  for (const name in relationships) {
    const relationship = relationships[name];
    const link = isPlainObject(relationship) ? relationship.data : undefined;
    if (!isPlainObject(link) || !isId(link.id)) continue;
    const target = included?.get(linkKey(link.type, link.id));
    const attributes = target && isPlainObject(target.attributes) ? target.attributes : {};
    const field = link.type === undefined ? undefined : entityField(link.type);
    if (field) setIfEmpty(out, field, link.id);
    if (reading.lift.has(fieldName(name)) || reading.lift.has(typeName(link.type))) {
      for (const key in attributes) setOrMerge(out, key, attributes[key]);
    } else {
      setIfEmpty(out, name, { id: link.id, ...attributes });
    }
  }
  return out;
}

/** Where a resource's own id goes: its entity's id field, `<type>_id` where a bare id would be taken for one, or `id`. */
function ownIdField(type: unknown, reading: ResourceReading): string {
  const own = entityField(type);
  if (own) return own;
  return reading.idIsEntity && !reading.hasId ? fieldName(`${typeName(type)}_id`) : 'id';
}
