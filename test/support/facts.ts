// Test support: the facts of a tool's answer, and the metamorphic property of the generated styles.
// A fact is a value the structured content states: an id, a name, a number, a rank, a count, a
// completeness claim (`has_more: false`, a total), a row being there, the order of a ranking's rows.
// The property, comparing the answer on a transformed API with the one on the plain API: every fact
// of the plain answer is shown again, or is blank (null, absent, an empty list, a row left out) with
// a note naming it; the transformed answer never states a fact the plain one did not.

type Json = Record<string, unknown>;

/** Parts of an answer that are no facts of the API's data: quota and cache state, notes and words. */
const NOT_FACTS = new Set([
  'quota',
  // A watchlist run's quota left and whether each list fits in it: the quota's state, as 'quota'.
  'quota_left',
  'within_quota',
  'source',
  'notes',
  'note',
  // The names of the fields the answer could not read: what the note counts, named.
  'unread',
  'glossary',
  'failed_sections',
  // A player's sections that could not be read, each with why (get_player, scouting_report).
  'unavailable',
  'cost',
  // What the call cost and when it ran: ours, not the API's facts (paging and retries change them).
  'requests',
  'refresh_cost',
  'last_refresh',
  'fetched_at',
  'refreshed_at',
  // The day a player was added to a watchlist: our clock's, so a run across midnight (UTC) differs.
  'added_at',
]);
/** Fields that tie a row of one answer to its row in the other, strongest first. */
const IDENTITY = [
  'player_id',
  'service_id',
  'team_id',
  'coach_id',
  'key',
  'id',
  'statistic',
  'season',
  'league',
  'role',
  'name',
  // Rows with no id of their own: a head-to-head's meetings by date, its comparison by metric.
  'date',
  'metric',
  // A resolve row by what was asked: two queries may answer one player.
  'query',
];
/** The identities that are ids (the rest: a statistic, a season, a league, a role, a name). */
const IDS = new Set(['player_id', 'service_id', 'team_id', 'coach_id', 'key', 'id']);
/** Tools whose row order is a fact (a ranking is best first). */
const ORDERED = new Set(['rank_players_by_role', 'rank_players_by_statistic']);

/** `placeholder`: a text cell printed as missing ("–", "?") where the plain answer's showed a value. */
export type FindingKind = 'wrong' | 'unparsed' | 'extra' | 'blank' | 'placeholder' | 'error';

export interface Finding {
  kind: FindingKind;
  /** Where in the answer: `data[service_id=ds_…].age`. */
  path: string;
  plain: unknown;
  styled: unknown;
  /** For a blank: whether a note names it. */
  noted?: boolean;
}

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isRecord(v) && Object.keys(v).length === 0);

/** A text with its numbers' decimal commas as points and thousands separators dropped. */
const digitsOf = (text: string) =>
  text.replace(/(\d)[\u202f\u00a0'\u2019](?=\d{3})/g, '$1').replace(/(\d),(\d)/g, '$1.$2');

function sameScalar(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
  return a === b;
}

/** Where an answer says what it could not read: its notes, and `unread` (the fields its note counts). */
const NAMING = new Set(['notes', 'note', 'failed_sections', 'unavailable', 'unread']);

/** Every string under a `notes`, `note` or `unread` field, anywhere: the answer's words on what it could not read. */
export function notesOf(answer: unknown, out: string[] = []): string[] {
  if (Array.isArray(answer)) for (const v of answer) notesOf(v, out);
  else if (isRecord(answer)) {
    for (const [key, v] of Object.entries(answer)) {
      if (NAMING.has(key) && v !== undefined) out.push(typeof v === 'string' ? v : JSON.stringify(v));
      else notesOf(v, out);
    }
  }
  return out;
}

/** Whether the notes name `field` (as written, with spaces for underscores, or its last word). */
export function named(notes: readonly string[], field: string): boolean {
  const text = notes.join('\n').toLowerCase();
  const words = field.toLowerCase().split('_');
  const forms = [field.toLowerCase(), words.join(' '), words.at(-1) ?? field];
  // A one-letter field (a group's `x`) is named only quoted (in notes kept as JSON, escaped).
  return (
    text.replaceAll('\\"', '"').includes(`"${field.toLowerCase()}"`) ||
    forms.some((form) => form.length > 1 && text.includes(form))
  );
}

/** A player's statistics map (get_player, scouting_report): every key a statistic. */
const STATISTICS_MAP = /^\.data\.statistics\.values$/;

/** The note of an answer that kept statistics under the API's labels, not tied to the glossary's keys. */
const LABELS_KEPT = /named by a label the glossary did not tie to a key, shown as the API wrote them/;

/**
 * A plain row keyed by a statistic and a styled row under a label (words, not a key) with every other
 * value the same: one row, named by the API's label.
 */
function sameByLabel(plain: Record<string, unknown>, styled: Record<string, unknown>): boolean {
  const [p, s] = [plain.statistic, styled.statistic];
  if (typeof p !== 'string' || typeof s !== 'string' || p === s || !/[\s(]/.test(s)) return false;
  const others = Object.keys(plain).filter((k) => k !== 'statistic' && !blank(styled[k]));
  return others.length > 0 && others.every((k) => sameScalar(plain[k], styled[k]));
}

function withoutStatistic(row: Record<string, unknown>): Record<string, unknown> {
  const { statistic: _, ...rest } = row;
  return rest;
}

/** A note that rows were left out or could not be read (or matched): a row dropped is said. */
const ROWS_NOTED = /left out|not (be )?read|could not|couldn't|unread|unreadable|skipped/i;
/**
 * A note that the list was read short (more exist, the pages read): it says a row dropped is among those
 * not read, true only of a row that was not among the rows read.
 */
const READ_SHORT = /more (may )?exist|pages? read|not every page/i;
/** The note of a list whose pages overlapped (src/api/repeated-rows.ts). */
const PAGES_OVERLAPPED = /pages overlapped/i;

function identity(row: Json): [string, unknown][] {
  return IDENTITY.flatMap((k) => (blank(row[k]) ? [] : [[k, row[k]] as [string, unknown]]));
}

/** A player_id's person in the plain world (`service_id`), where a test looked it up. */
export type ServiceOf = (playerId: string) => string | undefined;

/**
 * Whether a plain row of the answer was surely among the rows the styled read took from the API (the
 * list's first rows, as many as its notes say were read); false where that cannot be told.
 */
export type SurelyRead = (row: Record<string, unknown>) => boolean;

/**
 * The plain row a styled row is: every identity both carry agrees, and at least one; a styled row that
 * shows only a player_id is tied to a plain row showing only a service_id through `serviceOf`.
 */
function matches(plain: Json, styled: Json, serviceOf: ServiceOf): boolean {
  // Ids first: rows with the same ids are the same row, and a name or a season that differs is a
  // wrong fact of that row; without an id both show, the other identities must agree.
  const own = identity(plain);
  const agree = (fields: [string, unknown][]) => {
    let agreed = 0;
    for (const [k, v] of fields) {
      if (blank(styled[k])) continue;
      if (!sameScalar(v, styled[k])) return -1;
      agreed++;
    }
    return agreed;
  };
  const byIds = agree(own.filter(([k]) => IDS.has(k)));
  if (byIds !== 0) return byIds > 0;
  const agreed = agree(own);
  if (agreed < 0) return false;
  if (
    agreed === 0 &&
    typeof styled.player_id === 'string' &&
    blank(plain.player_id) &&
    !blank(plain.service_id)
  )
    return serviceOf(styled.player_id) === plain.service_id;
  return agreed > 0;
}

/** Every player_id `answer` shows: what `serviceOf` must know. */
export function playerIdsOf(answer: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(answer)) for (const v of answer) playerIdsOf(v, out);
  else if (isRecord(answer)) {
    if (typeof answer.player_id === 'string') out.add(answer.player_id);
    for (const v of Object.values(answer)) playerIdsOf(v, out);
  }
  return out;
}

const label = (row: Json) => {
  const [first] = identity(row);
  return first ? `${first[0]}=${String(first[1])}` : '?';
};

/**
 * A player's statistics the styled answer could not place and showed apart under the API's names
 * (`statistics.unplaced`, said in a note) count as shown where such a name is a statistic's key of the
 * plain answer behind words of the API's (`kutruneis_xg` for `xg`, a statistics map under a name of its own
 * flattened with `_`) and holds the same value: the shortest such name, so `kutruneis_long_pass_completion_pct`
 * is no `pass_completion_pct`. Any other value there is left to the comparison.
 */
function withUnplacedShown(plain: unknown, styled: unknown): unknown {
  const at = (v: unknown) =>
    isRecord(v) && isRecord(v.data) && isRecord(v.data.statistics) ? v.data.statistics : undefined;
  const [p, s] = [at(plain), at(styled)];
  if (!p || !s || !isRecord(p.values) || !isRecord(s.values) || !isRecord(s.unplaced)) return styled;
  const values: Json = { ...s.values };
  const unplaced = s.unplaced;
  for (const [key, value] of Object.entries(p.values)) {
    if (!blank(values[key]) || blank(value)) continue;
    const names = Object.keys(unplaced)
      .filter((name) => name.endsWith(`_${key}`) && sameScalar(unplaced[name], value))
      .sort((a, b) => a.length - b.length);
    if (names[0] !== undefined) values[key] = unplaced[names[0]];
  }
  const data = (styled as { data: Json }).data;
  return { ...(styled as Json), data: { ...data, statistics: { ...s, values } } };
}

/**
 * The findings of comparing a styled answer with the plain one. `notes` are the styled answer's.
 * Findings of kind `blank` with `noted` true are what the property allows; every other one breaks it.
 */
export function compareFacts(
  tool: string,
  plain: unknown,
  styled: unknown,
  notes: readonly string[],
  serviceOf: ServiceOf = () => undefined,
  surelyRead: SurelyRead = () => false,
): Finding[] {
  const findings: Finding[] = [];
  const leftOut = notes.some((n) => ROWS_NOTED.test(n)) || (isRecord(styled) && styled.has_more === true);
  const readShort = notes.some((n) => READ_SHORT.test(n));
  // A row dropped under a note that the list was read short is said only when it was not among the rows read.
  const rowNoted = (row: Json) => leftOut || (readShort && !surelyRead(row));
  const labelsKept = notes.some((n) => LABELS_KEPT.test(n));
  // Pages that overlapped (an order that shifted between requests) lose rows at their boundaries: the
  // rows shown up to a limit then reach further down the list than the plain answer's, as the note says.
  const shifted = notes.some((n) => PAGES_OVERLAPPED.test(n));

  const leaf = (path: string, key: string, p: unknown, s: unknown) => {
    if (blank(p)) {
      // The plain answer states nothing here (or says none): a value here is a fact it did not state.
      if (!blank(s) && p !== undefined) findings.push({ kind: 'wrong', path, plain: p, styled: s });
      return;
    }
    if (blank(s)) {
      // A statistic an answer left under the API's label, saying so, is named by that note.
      const byLabel = labelsKept && /\.(statistics|values)\./.test(path);
      findings.push({ kind: 'blank', path, plain: p, styled: s, noted: named(notes, key) || byLabel });
      return;
    }
    if (typeof p === 'number' && typeof s === 'string')
      findings.push({ kind: 'unparsed', path, plain: p, styled: s });
    else if (typeof p === 'string' && typeof s === 'string' && p !== s && digitsOf(p) === digitsOf(s))
      // The same numbers in the API's display form ("0,35" for 0.35) inside a text: shown unparsed.
      findings.push({ kind: 'unparsed', path, plain: p, styled: s });
    else if (typeof p === 'string' && typeof s === 'string' && p !== s && p.startsWith(s))
      // Part of a value that says two things ("sweeper keeper; was gardien_libero"): the rest is blank.
      findings.push({ kind: 'blank', path, plain: p, styled: s, noted: named(notes, key) });
    else if (!sameScalar(p, s)) findings.push({ kind: 'wrong', path, plain: p, styled: s });
  };

  // A field the plain object lacks, named as the tool names a fact elsewhere in the plain answer (its own
  // words, not a field of the API's carried through), states a value the plain API did not send.
  // A player's statistics map names statistics: a key the plain map lacks is one the plain API did not state
  // (a number beside the statistics taken for one), unless the answer says it kept the API's labels.
  const vocabulary = keysOf(plain);
  const extraFields = (path: string, p: Json, s: Json) => {
    const statistics = STATISTICS_MAP.test(path) && !labelsKept;
    for (const [k, v] of Object.entries(s)) {
      if (k in p || blank(v) || NOT_FACTS.has(k) || !(statistics || vocabulary.has(k))) continue;
      findings.push({ kind: 'extra', path: `${path}.${k}`, plain: undefined, styled: v });
    }
  };

  const walk = (path: string, key: string, p: unknown, s: unknown) => {
    if (Array.isArray(p) && p.some(isRecord)) return rows(path, key, p, s);
    if (key === 'week' && weekOfUnreadDate(p, s, notes)) {
      findings.push({ kind: 'blank', path, plain: p, styled: s, noted: true });
      return;
    }
    if (isRecord(p)) {
      if (!isRecord(s)) {
        if (blank(s))
          findings.push({ kind: 'blank', path, plain: '{…}', styled: s, noted: named(notes, key) });
        else findings.push({ kind: 'wrong', path, plain: '{…}', styled: s });
        return;
      }
      for (const [k, v] of Object.entries(p)) {
        if (NOT_FACTS.has(k)) continue;
        if (k === 'player_id' && blank(v) && typeof s[k] === 'string' && typeof p.service_id === 'string') {
          // A row id the plain answer left out beside the person's id: right if it is that person's row.
          if (serviceOf(s[k] as string) !== p.service_id)
            findings.push({ kind: 'wrong', path: `${path}.${k}`, plain: v, styled: s[k] });
          continue;
        }
        if (k === 'has_more') {
          // "More may exist" where the plain answer had all is cautious, not wrong; the reverse is.
          if (v === true && s[k] === false)
            findings.push({ kind: 'wrong', path: `${path}.${k}`, plain: v, styled: s[k] });
          continue;
        }
        walk(`${path}.${k}`, k, v, s[k]);
      }
      extraFields(path, p, s);
      return;
    }
    if (Array.isArray(p)) {
      // A list of scalars (strengths' keys, positions…): the same members.
      const got = Array.isArray(s) ? s : [];
      if (blank(s)) {
        if (p.length > 0)
          findings.push({ kind: 'blank', path, plain: p, styled: s, noted: named(notes, key) });
        return;
      }
      for (const v of p)
        if (!got.some((g) => sameScalar(g, v))) findings.push({ kind: 'wrong', path, plain: p, styled: s });
      for (const g of got)
        if (!p.some((v) => sameScalar(g, v))) findings.push({ kind: 'extra', path, plain: p, styled: g });
      return;
    }
    leaf(path, key, p, s);
  };

  const rows = (path: string, key: string, p: unknown[], s: unknown) => {
    const given = Array.isArray(s) ? s.filter(isRecord) : [];
    const taken = new Set<number>();
    const order: number[] = [];
    p.forEach((row) => {
      if (!isRecord(row)) return;
      let at = given.findIndex((g, i) => !taken.has(i) && matches(row, g, serviceOf));
      const where = `${path}[${label(row)}]`;
      // A statistic the answer kept under the API's label, saying so: the same row by its values.
      if (at < 0 && labelsKept) at = given.findIndex((g, i) => !taken.has(i) && sameByLabel(row, g));
      if (at < 0) {
        findings.push({ kind: 'blank', path: where, plain: 'row', styled: undefined, noted: rowNoted(row) });
        return;
      }
      taken.add(at);
      order.push(at);
      const match = given[at] as Record<string, unknown>;
      // A query the styled answer could tie to no row it read (resolve_players): the row is left out, said.
      if (match.status === 'unanswered' && row.status !== 'unanswered') {
        findings.push({
          kind: 'blank',
          path: where,
          plain: 'row',
          styled: 'unanswered',
          noted: rowNoted(row),
        });
        return;
      }
      // Matched by label: the rest of the row is compared (a blank value still needs its note).
      if (sameByLabel(row, match)) walk(where, key, withoutStatistic(row), withoutStatistic(match));
      else walk(where, key, row, match);
    });
    given.forEach((g, i) => {
      // A row with no identity at all (a query it could not answer) states no fact of its own.
      if (!taken.has(i) && identity(g).length > 0 && !shifted)
        findings.push({ kind: 'extra', path: `${path}[${label(g)}]`, plain: undefined, styled: g });
    });
    if (path === '.data' && ORDERED.has(tool) && order.some((at, i) => i > 0 && at < (order[i - 1] ?? 0)))
      findings.push({ kind: 'wrong', path: `${path} (order)`, plain: 'best first', styled: order });
  };

  walk('', '', plain, withUnplacedShown(plain, styled));
  return findings;
}

/**
 * A data week keyed by the fetch time where the plain answer keys it by the API's date: the API's date
 * left blank, allowed only when the week says the date was sent but unread and a note names data_as_of.
 */
function weekOfUnreadDate(p: unknown, s: unknown, notes: readonly string[]): boolean {
  return (
    isRecord(p) &&
    isRecord(s) &&
    p.from === 'api_date' &&
    s.from === 'fetch_time' &&
    s.unread === 'data_as_of' &&
    notes.some((n) => n.includes('data_as_of'))
  );
}

/** Every key of an answer's objects, at any depth. */
function keysOf(answer: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(answer)) for (const v of answer) keysOf(v, out);
  else if (isRecord(answer))
    for (const [k, v] of Object.entries(answer)) {
      out.add(k);
      keysOf(v, out);
    }
  return out;
}

/** The findings that break the property: all but the blanks a note names (or that `tolerated` allows). */
export function breaches(
  findings: readonly Finding[],
  tolerated: (f: Finding) => boolean = () => false,
): Finding[] {
  // A placeholder the note names is a contradiction (unread printed as absent), whatever the piece.
  return findings.filter(
    (f) =>
      !(f.kind === 'blank' && (f.noted || tolerated(f))) &&
      !(f.kind === 'placeholder' && !f.noted && tolerated(f)),
  );
}

/** One line a finding, for a failure message. */
export function describeFinding(f: Finding): string {
  const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v)?.slice(0, 80));
  const note =
    f.kind === 'blank' || f.kind === 'placeholder' ? (f.noted ? ' (noted)' : ' (no note names it)') : '';
  return `${f.kind} ${f.path}: plain ${show(f.plain)}, styled ${show(f.styled)}${note}`;
}
