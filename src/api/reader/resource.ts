// Resource objects, JSON:API style: a row `{type, id, attributes, relationships}` and, beside the list,
// `included` objects that relationships point to. Read as the plain row they stand for: the attributes
// are its fields; its own id is read by its type (a `player`'s id is its player_id, a `team`'s its
// team_id, a `ranking-entry`'s is NOT a player id); each relationship is resolved one level, through
// `included` when the answer carries it.
import { fieldName, member } from './names.js';
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
  // JSON:API gives a resource seven members at most (type, id, lid, attributes, relationships, links,
  // meta): a wider object is a plain row, told without looking its names up in every casing.
  let members = 0;
  for (const _ in row) if (++members > 7) return false;
  return (
    typeof member(row, 'type') === 'string' &&
    (isPlainObject(member(row, 'attributes')) || isPlainObject(member(row, 'relationships')))
  );
}

// The `included` objects of the answer being read, by type and id. Reading is synchronous: a stack.
const includedStack: Map<string, Json>[] = [];
const linkKey = (type: unknown, id: unknown) => `${typeName(type)}\n${String(id)}`;

/** Runs `read` with the answer's `included` objects at hand for the relationships of its rows. */
export function withIncluded<T>(answer: unknown, read: () => T): T {
  const included = isPlainObject(answer) ? member(answer, 'included') : undefined;
  const list = Array.isArray(included) ? included : undefined;
  if (!list) return read();
  const index = new Map<string, Json>();
  for (const item of list) {
    if (!isPlainObject(item)) continue;
    const type = member(item, 'type');
    const id = member(item, 'id');
    if (typeof type === 'string' && isId(id)) index.set(linkKey(type, id), item);
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
  const own = member(resource, 'attributes');
  if (isPlainObject(own)) for (const key in own) out[key] = own[key];
  // A resource object's own `meta` (JSON:API allows one) may carry the row's values (a score, a rank).
  const meta = member(resource, 'meta');
  if (isPlainObject(meta))
    for (const key in meta) if (!isPlainObject(meta[key])) setIfEmpty(out, key, meta[key]);
  const id = member(resource, 'id');
  if (isId(id)) setIfEmpty(out, ownIdField(member(resource, 'type'), reading), id);
  const members = member(resource, 'relationships');
  const relationships = isPlainObject(members) ? members : undefined;
  if (!relationships) return out;
  const included = includedStack[includedStack.length - 1];
  for (const name in relationships) {
    const relationship = relationships[name];
    const link = isPlainObject(relationship) ? member(relationship, 'data') : undefined;
    const linkId = isPlainObject(link) ? member(link, 'id') : undefined;
    if (!isPlainObject(link) || !isId(linkId)) continue;
    const linkType = member(link, 'type');
    const target = included?.get(linkKey(linkType, linkId));
    const found = target && member(target, 'attributes');
    const attributes = isPlainObject(found) ? found : {};
    const field = linkType === undefined ? undefined : entityField(linkType);
    if (field) setIfEmpty(out, field, linkId);
    if (reading.lift.has(fieldName(name)) || reading.lift.has(typeName(linkType))) {
      for (const key in attributes) setOrMerge(out, key, attributes[key]);
    } else {
      setIfEmpty(out, name, { id: linkId, ...attributes });
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
