// Whether a value the API sent under a name nothing read could be a field a row lacks. A row that lacks
// a field and carries names nothing read is not proof the field was renamed: an API may add fields of
// its own (a nationality) and leave out ours. So a candidate is weighed by its value, as the names
// learner does (src/facts/names-learned.ts): against what is known (the learner's facts: the row's
// player as the rankings told him, the leagues the key can access, the API's role keys), else against
// the field's own value domain (a role key, a position word, an age, a country is no club). A value
// they contradict is no evidence; one nothing can weigh, of a type the field's reader takes, is (the
// field may be under that name: the answer says so rather than show a blank as absent).
import { isCountryWord } from '../../domain/league-words.js';
import { familyByWord } from '../../domain/role-words.js';
import { isRoleKey } from '../../domain/roles.js';
import { fold } from '../../lib/fold.js';
import type { NumberKind } from './display.js';
import { toNumber } from './values.js';

/**
 * Whether `value`, sent under a name nothing read, agrees with what is known of `field` on `row` (the
 * row's fields as read): true, false, or undefined when nothing is known to weigh it by.
 */
export type FieldJudge = (
  field: string,
  value: unknown,
  row: Readonly<Record<string, unknown>>,
) => boolean | undefined;

/** Ages a player or coach may have. */
const AGE_SPAN = [14, 80] as const;
/** More minutes than a season holds for one player (about 70 matches of 120). */
const MINUTES_MAX = 8_400;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const number = (value: unknown, kind: NumberKind): number => {
  const n = toNumber(value, kind);
  return typeof n === 'number' ? n : Number.NaN;
};

const isRole = (value: unknown) => {
  const t = text(value);
  return t !== undefined && isRoleKey(fold(t.trim()).replace(/[\s-]+/g, '_'));
};

/** Fields whose values the reader can tell by themselves, without facts. */
const DOMAINS: Readonly<Record<string, (value: unknown) => boolean>> = {
  role: isRole,
  primary_role: isRole,
  position: (value) => {
    const t = text(value);
    return t !== undefined && (familyByWord(t) !== undefined || isRole(t));
  },
  age: (value) => {
    const n = number(value, 'age');
    return Number.isInteger(n) && n >= AGE_SPAN[0] && n <= AGE_SPAN[1];
  },
  // The spec's form: ds_ and 16 characters (the sandbox keeps it; a real API may not, so only a prefix).
  service_id: (value) => typeof value === 'string' && /^ds_\S+$/i.test(value.trim()),
  minutes: (value) => {
    const n = number(value, 'minutes');
    return Number.isInteger(n) && n >= 0 && n <= MINUTES_MAX;
  },
};

/** Fields a country's name may fill; no other text field of ours is a country (a club, a league, a coach). */
const COUNTRY_FIELDS: ReadonlySet<string> = new Set(['country', 'nationality', 'region', 'name']);

/** Fields that name a place, a body or a person: a role key is none of them. */
const NAMING_FIELDS: ReadonlySet<string> = new Set([
  'club',
  'team',
  'league',
  'coach',
  'nationality',
  'country',
  'name',
]);

/** Fields whose values are dates or times (`contract_until`, `as_of`, `expires_at`, `birth_date`). */
const DATE_FIELD = /(^|_)(at|until|as_of|date|since|from|to)$/;
/** A date as APIs write one alone (2026-03-14, 2026-03-14T09:12:00Z): no name, no words, no number. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The field's own value domain: whether `value` lies in it, or undefined when the domain cannot tell. */
export function inDomain(field: string, value: unknown): boolean | undefined {
  // An object may hold the field among others (fields grouped one level down): not weighed here.
  if (typeof value === 'object' && value !== null) return undefined;
  const domain = DOMAINS[field];
  if (domain) return domain(value);
  if (typeof value === 'string' && !COUNTRY_FIELDS.has(field) && isCountryWord(value)) return false;
  if (NAMING_FIELDS.has(field) && isRole(value)) return false;
  // A record's own date (created_at) is no text of ours but a date: an API adds such fields.
  if (typeof value === 'string' && !DATE_FIELD.test(field) && ISO_DATE.test(value.trim())) return false;
  return undefined;
}

/** The learner's verdict when it has one, else the field's domain; a value neither can weigh may be it. */
export function plausibleAs(
  field: string,
  value: unknown,
  row: Readonly<Record<string, unknown>>,
  judge: FieldJudge | undefined,
): boolean {
  return (judge?.(field, value, row) ?? inDomain(field, value)) !== false;
}
