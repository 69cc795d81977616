// What an answer says to its caller in words, beside its data or instead of it. The spec shows no such
// field, and APIs send them all the same: a failure marked in a 200 (`success: false`, `ok: false`,
// `error: true`, `status: "error"` or JSend's `"fail"`; or an `error` or `errors` with no data beside
// it, GraphQL's way), and messages, warnings and notices beside the rows ("season 25-26 incomplete").
// Dropped, they turn "the API said no" into "(no rows)", and a caveat on the rows into silence: a
// failure is an error naming the API's words, and words beside data are a note of the answer. Only
// names made for words are read, at the top of the answer, in its `meta`, and in a `data` object holding
// nothing else (an envelope sent inside `data`): a record sent bare has its fields at the top, and those
// are data.
import { isPlainObject } from './values.js';

/** A name's letters, lowercased: `error_message`, `errorMessage` and `Error-Message` alike. */
const letters = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/** Names an API writes its words to the caller under. */
const WORD_NAMES = new Set([
  'message',
  'messages',
  'msg',
  'warning',
  'warnings',
  'notice',
  'notices',
  'hint',
  'hints',
  'alert',
  'alerts',
  'error',
  'errors',
  'errormessage',
  'errordescription',
  'statusmessage',
]);
const ERROR_NAMES = new Set(['error', 'errors', 'errormessage', 'errordescription']);
/** Names that say what a message is not: a confirmation ("Players retrieved") is no word to pass on. */
const CONFIRMING = new Set(['message', 'messages', 'msg', 'statusmessage']);

/** Flags that mark an answer failed or done, as `false`/`true` or as a status word. */
const FLAG_NAMES = new Set(['success', 'ok', 'succeeded']);
const STATUS_NAMES = new Set(['status', 'result', 'outcome']);
const FAILED_STATUS = new Set(['error', 'fail', 'failed', 'failure']);
const DONE_STATUS = new Set(['success', 'ok', 'succeeded', 'done']);
const PENDING_STATUS = new Set(['pending', 'processing', 'queued', 'inprogress', 'computing']);
/** Beside a pending status: what describes the job, not data. */
const JOB_NAMES = new Set([
  'id',
  'job',
  'jobid',
  'task',
  'taskid',
  'eta',
  'etas',
  'etaseconds',
  'progress',
  'percent',
  'location',
  'pollurl',
  'statusurl',
  'retryafter',
  'createdat',
  'submittedat',
]);

/** Every name this reading takes as words or a mark, as letters: no made-up field name may be one. */
export const ANSWER_WORD_NAMES: ReadonlySet<string> = new Set([
  ...WORD_NAMES,
  ...FLAG_NAMES,
  ...STATUS_NAMES,
]);

/**
 * Whether `name: value` at the top of an answer is the answer's own (JSON:API's `included` and
 * `jsonapi`, its words, a flag or a status word) rather than a field of a record sent bare beside it. A
 * `status` of another value ("injured") is the record's.
 */
export function isAnswerMember(name: string, value: unknown): boolean {
  const kind = letters(name);
  if (kind === 'included' || kind === 'jsonapi' || WORD_NAMES.has(kind)) return true;
  if (FLAG_NAMES.has(kind)) return typeof value === 'boolean';
  if (!STATUS_NAMES.has(kind) || typeof value !== 'string') return false;
  const word = value.trim().toLowerCase();
  return FAILED_STATUS.has(word) || DONE_STATUS.has(word);
}

/** Names beside the data that are no data themselves: an error envelope's other fields. */
const ENVELOPE_NAMES = new Set([
  'meta',
  'links',
  'code',
  'statuscode',
  'errorcode',
  'type',
  'title',
  'timestamp',
  'requestid',
  'traceid',
  'path',
  'documentationurl',
  'docs',
]);

/** Inside an object of the API's words: the field holding the text itself. */
const TEXT_NAMES = ['message', 'msg', 'detail', 'description', 'title', 'error', 'text', 'reason'];

/** Inside an object of the API's words: the fields saying what they are about. */
const SUBJECT_NAMES = new Set([
  'playerid',
  'serviceid',
  'teamid',
  'coachid',
  'id',
  'field',
  'parameter',
  'param',
]);

/** At most this many of the API's words are passed on per answer, each at most this long. */
const MOST_WORDS = 3;
const MOST_CHARACTERS = 200;

export interface ApiWords {
  /** The answer marks itself failed: under which name, and what it said (empty when nothing). */
  failed?: { marker: string; words: string[] };
  /** Words beside the answer's data (warnings, notices, messages, errors beside rows). */
  words: string[];
}

/**
 * Where an answer's words and marks are: its top, its `meta`, and a `data` object holding nothing but
 * words and marks (an envelope sent inside `data`: `{data: {success: false, message}}`).
 */
function placesOf(raw: Record<string, unknown>): Record<string, unknown>[] {
  const places = [raw];
  if (isPlainObject(raw.meta)) places.push(raw.meta);
  if (isWordsOnly(raw.data)) places.push(raw.data);
  return places;
}

/** An object of words and marks only: at least one, and beside them nothing but an envelope's fields. */
const isWordsOnly = (value: unknown): value is Record<string, unknown> =>
  isPlainObject(value) &&
  !carriesData(value) &&
  Object.keys(value).some((name) => ANSWER_WORD_NAMES.has(letters(name)));

/**
 * What `raw`, an answer of the API, says to its caller, bounded by `cap` (one line each, at most
 * MOST_WORDS); nothing for any answer not an object.
 */
export function apiWords(raw: unknown, cap: (texts: string[]) => string[] = capped): ApiWords {
  if (!isPlainObject(raw)) return { words: [] };
  const places = placesOf(raw);
  const marker = failureMarker(places);
  const confirmed = marker === undefined && places.some(isConfirmed);
  const said: { name: string; texts: string[] }[] = [];
  for (const place of places)
    for (const [name, value] of Object.entries(place)) {
      const kind = letters(name);
      if (!WORD_NAMES.has(kind) || (confirmed && CONFIRMING.has(kind))) continue;
      const texts = textsOf(value).filter((t) => !(CONFIRMING.has(kind) && isAcknowledgement(t)));
      if (texts.length > 0) said.push({ name: kind, texts });
    }
  const texts = said.flatMap((s) => s.texts);
  if (marker !== undefined) {
    // JSend's failure ("fail", not "error") holds its words in `data`, by field; other failures' data is data.
    const jsend = /^status: "fail"$/i.test(marker) ? jsendFail(raw) : [];
    return { failed: { marker, words: cap([...texts, ...jsend]) }, words: [] };
  }
  // An error with nothing beside it: the answer is that error.
  const errors = said.filter((s) => ERROR_NAMES.has(s.name));
  if (errors.length > 0 && !carriesData(raw))
    return { failed: { marker: `an "${errorName(raw)}" and no data`, words: cap(texts) }, words: [] };
  return { words: cap(texts) };
}

/**
 * What the body of a refusal (a 400, 403, 404) says: its words as `apiWords` reads them, and a problem
 * document's `detail` (RFC 9457, FastAPI), which is words only in an error's body.
 */
export function refusalWords(raw: unknown): string[] {
  if (!isPlainObject(raw)) return [];
  // Read whole, capped once with the detail, past what says only the status.
  const { failed, words } = apiWords(raw, (texts) => texts);
  const detail = Object.entries(raw).flatMap(([name, value]) =>
    letters(name) === 'detail' ? textsOf(value) : [],
  );
  return capped([...(failed?.words ?? []), ...words, ...detail].filter((text) => !isStatusOnly(text)));
}

/** HTTP's words for a refusal, as letters: "Not Found" or `not_found: not found` say only the status. */
const STATUS_WORDS = /notfound|badrequest|forbidden|unprocessable(entity|content)?|invalidrequest|error/g;
const isStatusOnly = (text: string) => letters(text).replace(STATUS_WORDS, '') === '';

/**
 * `name: "value"` naming the status that says the answer is not ready yet (`status: "processing"`, at the
 * top, in `meta` or in a `data` object), when the answer carries no data beside it; undefined otherwise.
 * A list sent whole beside such a word (a report still refining) is data.
 */
export function pendingMarker(raw: unknown): string | undefined {
  if (!isPlainObject(raw)) return undefined;
  // The job described under `data`, with nothing but words beside it.
  const { data, ...beside } = raw;
  if (isPlainObject(data) && !carriesData(beside)) {
    const inner = pendingMarker(data);
    if (inner !== undefined) return `data.${inner}`;
  }
  if (carriesData(raw, JOB_NAMES)) return undefined;
  const places = placesOf(raw);
  for (const place of places)
    for (const [name, value] of Object.entries(place))
      if (STATUS_NAMES.has(letters(name)) && typeof value === 'string' && PENDING_STATUS.has(letters(value)))
        return `${name}: "${value.trim()}"`;
  return undefined;
}

/** Exact names a row may mark itself an error under, looked up first: a row with none costs nothing more. */
const ROW_ERROR_KEYS = [
  'error',
  'errors',
  'Error',
  'Errors',
  'ERROR',
  'error_message',
  'errorMessage',
  'status',
  'Status',
  'STATUS',
  'success',
  'Success',
  'ok',
];
/** What names a row (a batch's item, the query it answers), not data of it. */
const IDENTITY_NAMES = new Set([
  'playerid',
  'serviceid',
  'teamid',
  'coachid',
  'id',
  'key',
  'query',
  'name',
  'type',
]);

/**
 * A row that is an error the API sent in its place (a batch's item it could not answer): marked failed
 * (`status: "error"`, `success: false`), or an `error` beside nothing but what names the row. Its words
 * on one line, after what names it (`p20801asdp3: "temporarily unavailable"` as `p20801asdp3: temporarily
 * unavailable`); undefined for any other row.
 */
export function rowError(row: Record<string, unknown>): string | undefined {
  if (!ROW_ERROR_KEYS.some((key) => row[key] !== undefined)) return undefined;
  const marker = failureMarker([row]);
  const names = Object.keys(row);
  const said = names.filter((n) => WORD_NAMES.has(letters(n))).flatMap((n) => textsOf(row[n]));
  const errorAlone =
    names.some((n) => ERROR_NAMES.has(letters(n)) && textsOf(row[n]).length > 0) &&
    names.every((n) => {
      const kind = letters(n);
      return (
        IDENTITY_NAMES.has(kind) || WORD_NAMES.has(kind) || FLAG_NAMES.has(kind) || STATUS_NAMES.has(kind)
      );
    });
  if (marker === undefined && !errorAlone) return undefined;
  const id = names
    .filter((n) => IDENTITY_NAMES.has(letters(n)))
    .map((n) => row[n])
    .flatMap((v) => (isPlainObject(v) ? Object.values(v) : [v]))
    .find((v) => typeof v === 'string' || typeof v === 'number');
  const words = said.length > 0 ? said.join('; ') : (marker as string);
  return capped([`${id === undefined ? '' : `${String(id)}: `}${words}`])[0];
}

/** `name: value` naming the flag or status that marks the answer failed; undefined when none does. */
function failureMarker(places: readonly Record<string, unknown>[]): string | undefined {
  for (const place of places)
    for (const [name, value] of Object.entries(place)) {
      const kind = letters(name);
      if (FLAG_NAMES.has(kind) && value === false) return `${name}: false`;
      if (kind === 'error' && value === true) return `${name}: true`;
      if (
        STATUS_NAMES.has(kind) &&
        typeof value === 'string' &&
        FAILED_STATUS.has(value.trim().toLowerCase())
      )
        return `${name}: "${value.trim()}"`;
    }
  return undefined;
}

function isConfirmed(place: Record<string, unknown>): boolean {
  return Object.entries(place).some(([name, value]) => {
    const kind = letters(name);
    if (FLAG_NAMES.has(kind)) return value === true;
    return STATUS_NAMES.has(kind) && typeof value === 'string' && DONE_STATUS.has(value.trim().toLowerCase());
  });
}

const isAcknowledgement = (text: string) => /^(ok|okay|success|successful|done)\.?$/i.test(text);

/** Whether the answer carries data beside its words: a `data` with something in it, or any other field. */
function carriesData(raw: Record<string, unknown>, beside: ReadonlySet<string> = ENVELOPE_NAMES): boolean {
  return Object.entries(raw).some(([name, value]) => {
    const kind = letters(name);
    // A `data` holding only words and marks is an envelope, not data.
    if (kind === 'data') return !isEmpty(value) && !isWordsOnly(value);
    return (
      !WORD_NAMES.has(kind) &&
      !FLAG_NAMES.has(kind) &&
      !STATUS_NAMES.has(kind) &&
      !ENVELOPE_NAMES.has(kind) &&
      !beside.has(kind)
    );
  });
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

function errorName(raw: Record<string, unknown>): string {
  return Object.keys(raw).find((name) => ERROR_NAMES.has(letters(name))) ?? 'errors';
}

/** JSend's failure carries its words in `data`, an object of field → text. */
function jsendFail(raw: Record<string, unknown>): string[] {
  return isPlainObject(raw.data) ? textsOf(raw.data) : [];
}

/** The texts of a value as an API writes its words: a text, a list of them, or objects holding them. */
function textsOf(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  if (Array.isArray(value)) return depth > 1 ? [] : value.flatMap((item) => textsOf(item, depth + 1));
  if (!isPlainObject(value) || depth > 2) return [];
  const fields = Object.entries(value);
  const text = TEXT_NAMES.map((name) =>
    fields.find(([k, v]) => letters(k) === name && typeof v === 'string'),
  ).find((found) => found !== undefined)?.[1] as string | undefined;
  const code = fields.find(
    ([k, v]) => letters(k) === 'code' && (typeof v === 'string' || typeof v === 'number'),
  )?.[1];
  if (text !== undefined && text.trim() !== '') {
    // What the words are about (a batch's item, a parameter): without it "not found" names nothing.
    const about = fields.filter(
      ([k, v]) => SUBJECT_NAMES.has(letters(k)) && (typeof v === 'string' || typeof v === 'number'),
    );
    const subject = about.length > 0 ? ` (${about.map(([k, v]) => `${k}: ${String(v)}`).join(', ')})` : '';
    return [`${code === undefined ? '' : `${String(code)}: `}${text}${subject}`];
  }
  // No text field: each text under its name (a field's error, JSend's data).
  return fields.flatMap(([k, v]) => (typeof v === 'string' && v.trim() !== '' ? [`${k}: ${v}`] : []));
}

/** Texts on one line each, cut to MOST_CHARACTERS, at most MOST_WORDS, the rest counted; repeats once. */
export function capped(texts: readonly string[]): string[] {
  const lines = [...new Set(texts.map(oneLine).filter((t) => t !== ''))];
  const shown = lines
    .slice(0, MOST_WORDS)
    .map((t) => (t.length > MOST_CHARACTERS ? `${t.slice(0, MOST_CHARACTERS - 1)}…` : t));
  const more = lines.length - shown.length;
  return more > 0 ? [...shown, `(and ${more} more)`] : shown;
}

// Control and format characters (a line break, an escape, a bidi override) would let the API's words pass for lines of our own.
const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The API's words quoted as its own, the count of the rest as ours: `"a"; "b"; (and 2 more)`. */
export function quotedWords(words: readonly string[]): string {
  return words.map((w) => (/^\(and \d+ more\)$/.test(w) ? w : JSON.stringify(w))).join('; ');
}

/** What the API said, after our own words: `, saying: "…"`; nothing when it said nothing. */
export function saying(words: readonly string[]): string {
  return words.length > 0 ? `, saying: ${quotedWords(words)}` : '';
}

/** The note of words beside an answer's data. */
export function wordsNote(words: readonly string[]): string {
  return `The API's answer also said: ${quotedWords(words)}.`;
}
