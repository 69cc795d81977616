// Names learned from values. The spec fixes a ranking entry's name, club, age and score, and the ids;
// the role keys, the leagues list and the glossary are the API's own words. From those the server
// knows facts, and a field a reading left empty on every row is found among the names nothing read:
// the one whose values match the known facts across rows (two at least, and nearly all compared: one
// match is chance). A player's name, club and age are compared on rows tied to a known player (by an
// id, or a name only one known player has); a club, a league, a role key and a season by the set of
// values known. One mechanism for the live reader (the client reads the answer again with what it
// learned, reader/learning.ts) and for doctor (src/doctor/value-aliases.ts). No request is sent.
import { noteChange } from '../api/change-count.js';
import { readEnumRoles } from '../api/enums.js';
import { pageSignals } from '../api/pagination.js';
import type { FieldLearner, LearnedName } from '../api/reader/learning.js';
import { fieldName, member as memberNamed } from '../api/reader/names.js';
import type { FieldJudge } from '../api/reader/plausible.js';
import type { ReadReport } from '../api/reader/report.js';
import { isPlainObject, nameOf, toNumber } from '../api/reader/values.js';
import { ROLE_KEYS } from '../domain/roles.js';
import { fold } from '../lib/fold.js';
import { RecordDates } from './date-learned.js';

type Json = Record<string, unknown>;
type Fact = string | number;

/** What is known of a player from the spec's own names. */
export const PLAYER_FACTS = ['player_id', 'service_id', 'name', 'club', 'age'] as const;
type PlayerField = (typeof PLAYER_FACTS)[number];
export type PlayerFacts = Partial<Record<PlayerField, Fact>>;

/** Players kept as facts: every ranking a server reads adds some. */
const PLAYERS_KEPT = 50_000;

/** Rows that must agree before a name is learned, and the share of compared rows that must. */
export const AGREEING_ROWS = 2;
const AGREEING_SHARE = 0.8;

const same = (text: string) => fold(text.normalize('NFC').trim());

/** A value a field could hold, as compared: a number, a non-empty text, or the name an object stands for. */
export function scalarOf(value: unknown): Fact | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (isPlainObject(value)) return nameOf(value);
  return undefined;
}

/**
 * Two values alike as the reader compares them: numbers by value, a number written as people do ("29
 * years", "1 840 min") read as the reader reads `field`'s values, texts folded.
 */
export function sameValue(a: Fact, b: Fact, field?: string): boolean {
  if (typeof a === 'number' || typeof b === 'number') {
    const kind = field === 'age' ? 'age' : 'number';
    const x = Number(toNumber(a, kind));
    const y = Number(toNumber(b, kind));
    return Number.isFinite(x) && Number.isFinite(y) && x === y;
  }
  return same(a) === same(b);
}

/** The players an earlier answer named, findable by id or by a name only one of them has. */
export class KnownPlayers {
  private readonly byId = new Map<string, PlayerFacts>();
  private readonly byName = new Map<string, PlayerFacts | null>();
  private count = 0;

  /** `limit`: the most players kept (a server reads rankings all its life); past it, only those known are updated. */
  constructor(private readonly limit = PLAYERS_KEPT) {}

  /** A read row of a player (a ranking entry): merged with what is known of the same player. */
  add(row: Json): void {
    if (this.holds(row)) return;
    const facts: PlayerFacts = {};
    for (const field of PLAYER_FACTS) {
      const value = scalarOf(row[field]);
      if (value !== undefined) facts[field] = field === 'age' ? Number(value) : value;
    }
    const ids = [facts.player_id, facts.service_id].filter((v) => v !== undefined).map(String);
    const known = ids.map((id) => this.byId.get(id)).find(Boolean);
    if (!known && this.count >= this.limit) return;
    if (!known) this.count++;
    // A player known by name already keeps it (what is known wins): his name's entry stands as it is.
    const named = typeof known?.name === 'string';
    const merged = known ? Object.assign(known, { ...facts, ...known }) : facts;
    for (const id of ids) this.byId.set(id, merged);
    if (!named && typeof merged.name === 'string') {
      const key = same(merged.name);
      const other = this.byName.get(key);
      this.byName.set(key, other === undefined || other === merged ? merged : null);
    }
  }

  get size(): number {
    return this.count;
  }

  /**
   * Whether adding `row` would change nothing: its player is known by its player_id and already holds
   * every field the row gives (what is known wins a merge), under the same service_id. A ranking read
   * again, or a page of players met before, then costs a lookup per row.
   */
  private holds(row: Json): boolean {
    const id = row.player_id;
    const known = typeof id === 'string' ? this.byId.get(id) : undefined;
    if (!known) return false;
    for (const field of PLAYER_FACTS) {
      const value = row[field];
      if (value != null && known[field] === undefined) return false;
    }
    const person = row.service_id;
    return person == null || this.byId.get(String(person)) === known;
  }

  /**
   * The player a raw row is about: one of its values is a known id, else a name only one player has. A
   * row of another context of the person (its own player_id, not the one known: another season, club or
   * competition) is tied by the person's facts only: its club and age may differ, and are no evidence.
   */
  find(values: Json): PlayerFacts | undefined {
    const facts = this.person(values);
    if (!facts) return undefined;
    const rowId = scalarOf(values.player_id);
    if (rowId === undefined || facts.player_id === undefined || String(rowId) === String(facts.player_id))
      return facts;
    return {
      ...(facts.service_id !== undefined ? { service_id: facts.service_id } : {}),
      ...(facts.name !== undefined ? { name: facts.name } : {}),
    };
  }

  private person(values: Json): PlayerFacts | undefined {
    const scalars = Object.values(values).map(scalarOf);
    for (const v of scalars) {
      const facts = v === undefined ? undefined : this.byId.get(String(v));
      if (facts) return facts;
    }
    for (const v of scalars) {
      const facts = typeof v === 'string' ? this.byName.get(same(v)) : undefined;
      if (facts) return facts;
    }
    return undefined;
  }
}

/** Season labels as the API may write them: 25-26, 2025-26, 2025/26, 2025-2026. */
const SEASON = /^(\d{2}|\d{4})\s*[-/]\s*(\d{2}|\d{4})$/;

/** What the server knows of the API's world, to find fields by. */
export class WorldFacts {
  readonly players = new KnownPlayers();
  readonly clubs = new Set<string>();
  readonly leagues = new Set<string>();
  /**
   * Whether the leagues known are every league the key can access: not once a leagues answer said more
   * exist than it held (a page of a list read in part). Then a league outside them is no evidence.
   */
  leaguesWhole = true;
  readonly roles = new Set<string>(ROLE_KEYS.map(same));
  /** Statistic keys the answers used (the keys of a statistics map): some of what a glossary lists. */
  readonly statistics = new Set<string>();
  /**
   * Club and league names as the API wrote them, once each: a page read again folds nothing (and makes
   * no key of its own per name: a ranking names a club and a league on every row).
   */
  private readonly written = new Map<Set<string>, Set<string>>();

  /** A club (or league, by `into`) an answer named. */
  note(into: Set<string>, name: string): void {
    let written = this.written.get(into);
    if (!written) {
      written = new Set();
      this.written.set(into, written);
    }
    if (written.has(name)) return;
    written.add(name);
    into.add(same(name));
  }

  /**
   * The set a field's values belong to, or the test they pass; undefined: the field is compared per
   * player. `kind`: the row kind (a glossary entry's key, a league's name are sets of their own).
   */
  private setOf(field: string, kind?: string): ((value: Fact) => boolean) | undefined {
    const inSet = (set: Set<string>) => (v: Fact) => typeof v === 'string' && set.has(same(v));
    const open = this.openSetOf(field, kind);
    if (open) return open;
    switch (field) {
      case 'club':
      case 'team':
        return this.clubs.size > 0 ? inSet(this.clubs) : undefined;
      case 'league':
        return this.leagues.size > 0 ? inSet(this.leagues) : undefined;
      case 'role':
      case 'primary_role':
        return inSet(this.roles);
      case 'season':
        return (v) => typeof v === 'string' && SEASON.test(v.trim());
      default:
        return undefined;
    }
  }

  /**
   * Whether `value` (sent under a name nothing read) agrees with what is known of `field` on `row`: the
   * fact of the row's known player, else the set the field's values belong to. Undefined when nothing is
   * known, and for a club not among those seen (the rankings name only some): only the leagues list is
   * every league (those the key can access), and the role keys every role.
   */
  agrees(field: string, value: unknown, row: Json): boolean | undefined {
    const fact = scalarOf(value);
    if (fact === undefined) return undefined;
    if ((PLAYER_FACTS as readonly string[]).includes(field)) {
      const known = this.players.find(row)?.[field as PlayerField];
      if (known !== undefined) return sameValue(fact, known, field);
    }
    const member = this.setOf(field);
    if (!member) return undefined;
    const open = field === 'club' || field === 'team' || (field === 'league' && !this.leaguesWhole);
    return member(fact) || (open ? undefined : false);
  }

  /**
   * A set known only in part, by row kind: a glossary entry's key among the statistic keys answers used
   * and the role keys (its role indices), a league's name among those the rankings named. A value outside
   * it is no evidence either way (the glossary lists keys no answer used yet, the leagues list leagues no
   * ranking named), so only members count, and enough of them (`neededFor`).
   */
  private openSetOf(field: string, kind: string | undefined): ((value: Fact) => boolean) | undefined {
    const member = (sets: Set<string>[]) => (v: Fact) =>
      typeof v === 'string' && sets.some((set) => set.has(same(v)));
    if (kind === 'glossary' && field === 'key' && this.statistics.size > 0)
      return member([this.statistics, this.roles]);
    if (kind === 'league' && field === 'name' && this.leagues.size > 0) return member([this.leagues]);
    return undefined;
  }

  /**
   * Rows that must agree before `field` of `kind` is learned out of `rows`: two, and for a glossary's key
   * half the entries (the role keys alone are half a glossary of statistics and role indices).
   */
  neededFor(field: string, kind: string | undefined, rows: number): number {
    if (kind === 'glossary' && field === 'key') return Math.max(AGREEING_ROWS, Math.ceil(rows / 2));
    return AGREEING_ROWS;
  }

  /** Whether a field can be found by values at all. */
  canFind(field: string, kind?: string): boolean {
    return (PLAYER_FACTS as readonly string[]).includes(field) || this.setOf(field, kind) !== undefined;
  }

  /**
   * Per candidate name, how many of the rows carrying it agree with the facts of `field`: rows tied to
   * a known player for his name, club and age (and for club by the known clubs too), the known set for
   * a league, a role key, a season.
   */
  tally(
    field: string,
    rows: readonly Json[],
    names: readonly string[],
    /** The known player of each row (looked up once for every field); found here when not given. */
    tied: readonly (PlayerFacts | undefined)[] = rows.map((row) => this.players.find(row)),
    kind?: string,
  ): Map<string, { matched: number; of: number }> {
    const out = new Map<string, { matched: number; of: number }>();
    const member = this.setOf(field, kind);
    const open = this.openSetOf(field, kind) !== undefined;
    const perPlayer = (PLAYER_FACTS as readonly string[]).includes(field);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as Json;
      const player = perPlayer ? tied[i] : undefined;
      const fact = player?.[field as PlayerField];
      for (const name of names) {
        // The reading names a field folded (`formazione`), the raw row as sent (`Formazione`).
        const value = scalarOf(row[name] !== undefined ? row[name] : memberNamed(row, name));
        if (value === undefined) continue;
        let agrees: boolean | undefined;
        if (fact !== undefined) agrees = sameValue(value, fact, field);
        else if (member) agrees = member(value) || (open ? undefined : false);
        if (agrees === undefined) continue;
        const seen = out.get(name) ?? { matched: 0, of: 0 };
        seen.of++;
        if (agrees) seen.matched++;
        out.set(name, seen);
      }
    }
    return out;
  }
}

const agreed = ({ matched, of }: { matched: number; of: number }, needed: number) =>
  matched >= needed && matched / of >= AGREEING_SHARE;

/** Objects whose own fields are the row's (a nested player, a resource's attributes). */
const INNER = ['attributes', 'player', 'joueur', 'person', 'personne', 'spieler', 'jugador', 'giocatore'];

/** A raw row's fields as compared: its own scalars, then those of the objects it nests, each once. */
export function flatRow(row: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(row)) if (scalarOf(value) !== undefined) out[key] = value;
  for (const inner of INNER) {
    const nested = row[inner];
    if (!isPlainObject(nested)) continue;
    for (const [key, value] of Object.entries(nested))
      if (out[key] === undefined && scalarOf(value) !== undefined) out[key] = value;
  }
  return out;
}

/** The rows of a raw answer: every list of objects within two levels (meta, links and included aside), or the record. */
export function rawRows(raw: unknown): Json[] {
  const rows: Json[] = [];
  const visit = (value: unknown, depth: number) => {
    if (Array.isArray(value)) {
      for (const item of value) if (isPlainObject(item)) rows.push(flatRow(item));
      return;
    }
    if (!isPlainObject(value) || depth > 1) return;
    for (const [key, inner] of Object.entries(value))
      if (key !== 'meta' && key !== 'links' && key !== 'included') visit(inner, depth + 1);
  };
  visit(raw, 0);
  if (rows.length === 0 && isPlainObject(raw)) rows.push(flatRow(isPlainObject(raw.data) ? raw.data : raw));
  return rows;
}

/**
 * The fields of `wanted` found among `names` of `rows` by their values: each name for at most one
 * field, each field one name, the best agreement first.
 */
export function fieldsByValues(
  facts: WorldFacts,
  rows: readonly Json[],
  wanted: readonly string[],
  names: readonly string[],
  needed = AGREEING_ROWS,
  /** The row kind the fields are of (coverage's), for the sets known by kind (WorldFacts.openSetOf). */
  kind?: string,
): { field: string; name: string; matched: number; of: number }[] {
  const found: { field: string; name: string; matched: number; of: number }[] = [];
  const findable = wanted.filter((field) => facts.canFind(field, kind));
  if (findable.length === 0) return found;
  const tied = rows.map((row) => facts.players.find(row));
  for (const field of findable) {
    const least = Math.max(needed, facts.neededFor(field, kind, rows.length));
    for (const [name, seen] of facts.tally(field, rows, names, tied, kind))
      if (agreed(seen, least)) found.push({ field, name, ...seen });
  }
  found.sort((a, b) => b.matched / b.of - a.matched / a.of || b.matched - a.matched);
  const fields = new Set<string>();
  const taken = new Set<string>();
  return found.filter(({ field, name }) => {
    if (fields.has(field) || taken.has(name)) return false;
    fields.add(field);
    taken.add(name);
    return true;
  });
}

/** Whether a list answer says more rows exist than the `held` it holds (a total, a next page). */
function saysMore(raw: unknown, held: number): boolean {
  const signals = pageSignals(raw, 'http://upstream.invalid/');
  if (!signals) return false;
  const total = signals.total ?? signals.count;
  return (
    signals.hasMore === true ||
    signals.next !== undefined ||
    signals.cursor !== undefined ||
    // Pages only the answer told of (its page beside a larger count): more may follow any full page.
    signals.pageTold === true ||
    // Page facts in words nothing reads: the list may go on past this page.
    signals.facts !== undefined ||
    (total !== undefined && total > held) ||
    (signals.totalPages !== undefined && signals.totalPages > (signals.page ?? 1))
  );
}

/** The API's date of the data: learned across records, not rows (date-learned.ts). */
const DATE_FIELD = 'data_as_of';

/** Fruitless searches remembered: a bound on the memo, far above the routes times their shapes. */
const TRIES_KEPT = 10_000;

/** Row ids kept with their person: far more than a session meets, a bound on what an API can fill. */
const PERSONS_KEPT = 100_000;

/** Statistic keys kept as facts: far more than an API has, a bound on what answers can fill. */
const STATISTICS_KEPT = 5_000;

/** Routes whose rows carry what the spec fixes of a ranking entry. */
const RANKING_ROUTES = new Set(['rankings', 'statisticRankings']);

/**
 * The live learner of one client (one upstream): facts from the rankings and the leagues list read,
 * names learned from every reading whose fields came out empty. Kept for the client's life.
 */
/** Where an upstream's learned names are kept between runs (the server's store), and how to reach it. */
export interface LearnedStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs?: number): Promise<unknown>;
}

/** Learned names kept this long after they were last written: a month of weekly rounds. */
const KEPT_MS = 30 * 24 * 3600 * 1000;
/** Names kept per upstream: a bound on what a store entry holds. */
const NAMES_KEPT = 500;

const isLearned = (v: unknown): v is LearnedName =>
  isPlainObject(v) &&
  typeof v.field === 'string' &&
  typeof v.name === 'string' &&
  typeof v.matched === 'number' &&
  typeof v.of === 'number' &&
  typeof v.route === 'string';

export interface NamesLearnedOptions {
  /**
   * Whether names are learned (default true). Off, the facts are still taken (they weigh which unread
   * names could be a field, plausible.ts), but no name is learned or taken from the store: a field under
   * a name nobody gave stays unread, with its note.
   */
  learn?: boolean;
}

export class NamesLearned implements FieldLearner {
  private readonly world = new WorldFacts();
  /**
   * Answers whose facts are not taken yet: taken after the answer has gone out (the next turn of the
   * event loop), or at once when anything reads the facts before then, so every read sees the facts of
   * every answer learned from before it, as if each had been taken as it came.
   */
  private pending: { route: string; value: unknown; raw: unknown }[] = [];
  private takeScheduled = false;
  private readonly names: LearnedName[] = [];
  private readonly learning: boolean;
  /** The facts' verdict on a value under a name nothing read (reader/plausible.ts). */
  readonly couldBe: FieldJudge = (field, value, row) => this.facts.agrees(field, value, row);

  constructor(options: NamesLearnedOptions = {}) {
    this.learning = options.learn ?? true;
  }

  get learns(): boolean {
    return this.learning;
  }

  /** What the server knows of the API's world, with the facts of every answer learned from so far. */
  get facts(): WorldFacts {
    this.takePending();
    return this.world;
  }
  private store:
    | {
        store: LearnedStore;
        key: string;
        writes: Set<Promise<unknown>>;
        onWriteError: (error: unknown) => void;
      }
    | undefined;

  /**
   * Keeps what is learned of `upstream` in `store` and takes what an earlier run kept there. A store that
   * fails costs the keeping, never a reading, and is told: a read that fails rejects (nothing is taken), a
   * write that fails goes to `onWriteError`. `writes` holds the writes under way (the server awaits them
   * before it stops).
   */
  async keepIn(
    store: LearnedStore,
    upstream: string,
    writes: Set<Promise<unknown>>,
    onWriteError: (error: unknown) => void = () => {},
  ): Promise<void> {
    if (!this.learning) return;
    this.store = { store, key: `names-learned\n${upstream}`, writes, onWriteError };
    const kept = await store.get(this.store.key);
    if (!Array.isArray(kept)) return;
    const known = new Set(this.names.map((n) => n.name));
    noteChange();
    for (const name of kept.filter(isLearned).slice(0, NAMES_KEPT))
      if (!known.has(name.name)) {
        known.add(name.name);
        this.names.push(name);
      }
  }

  private save(): void {
    if (!this.store) return;
    const { store, key, writes, onWriteError } = this.store;
    const write = store
      .set(key, this.names.slice(0, NAMES_KEPT), KEPT_MS)
      .catch(onWriteError)
      .finally(() => writes.delete(write));
    writes.add(write);
  }
  /** Row id → person, from every answer that gave both (a history, a row with its service_id). */
  private readonly persons = new Map<string, string>();

  /** Searches that found nothing, with the facts as they stood: not repeated until the facts grow. */
  private readonly tried = new Set<string>();
  /** Former role key → current, from the enums answers read. */
  private readonly renamedRoles = new Map<string, string>();
  /** The dates records carried under names nothing read, and those answers stated: the date of the data. */
  private readonly dates = new RecordDates();

  personOf(rowId: string): string | undefined {
    return this.persons.get(rowId.trim());
  }

  currentRole(key: string): string | undefined {
    return this.renamedRoles.get(key);
  }

  get learned(): readonly LearnedName[] {
    return this.names;
  }

  /** Role keys the API listed (enums: current and former keys): values a role field may hold. */
  addRoleKeys(keys: Iterable<string>): void {
    noteChange();
    for (const key of keys) this.world.roles.add(same(key));
  }

  learn(
    route: string,
    raw: unknown,
    value: unknown,
    report: ReadReport,
    reserved: ReadonlySet<string> = new Set(),
  ): LearnedName[] {
    // What is learned of a reading may change other answers, a cached one's reading again included.
    noteChange();
    this.takeAtOnce(route, value);
    // Taking a page's facts of the world (every row's player, club and league) is most of learning from
    // it, and this reading weighs them only when it looks for a name below: else they are taken after the
    // answer (the calls that answer it ask for persons and roles, taken above, not for these).
    this.pending.push({ route, value, raw });
    this.scheduleTake();
    const out: LearnedName[] = [];
    if (!this.learning) return out;
    let rows: Json[] | undefined;
    const known = new Set(this.names.map((n) => n.name));
    for (const [kind, seen] of Object.entries(report.coverage ?? {})) {
      const candidates = [...seen.unread, ...(seen.taken ?? [])];
      if (seen.rows < AGREEING_ROWS || candidates.length === 0) continue;
      const empty = Object.entries(seen.empty)
        .filter(([, count]) => count === seen.rows)
        .map(([field]) => field);
      const unread = candidates.filter((name) => !known.has(name) && !reserved.has(fieldName(name)));
      if (empty.length === 0 || unread.length === 0) continue;
      const f = this.facts;
      const sizes = [f.players.size, f.clubs.size, f.leagues.size, f.roles.size, f.statistics.size];
      const attempt = [route, kind, empty, unread, ...sizes].join('\n');
      if (this.tried.has(attempt)) continue;
      rows ??= rawRows(raw);
      const learned = fieldsByValues(this.facts, rows, empty, unread, AGREEING_ROWS, kind);
      if (learned.length === 0 && this.tried.size < TRIES_KEPT) this.tried.add(attempt);
      for (const found of learned) {
        if (known.has(found.name)) continue;
        known.add(found.name);
        out.push({ ...found, route });
      }
    }
    const dated = this.learnDate(route, raw, value, report, known, reserved);
    if (dated) out.push(dated);
    if (out.length === 0) return out;
    this.names.push(...out);
    this.save();
    return out;
  }

  /**
   * The date of the data under a name nothing read, found across records (date-learned.ts): a record
   * lacking data_as_of gives its dates by name; the name the records of two players agree on is learned.
   */
  private learnDate(
    route: string,
    raw: unknown,
    value: unknown,
    report: ReadReport,
    known: ReadonlySet<string>,
    reserved: ReadonlySet<string>,
  ): LearnedName | undefined {
    if (this.names.some((n) => n.field === DATE_FIELD)) return undefined;
    const skip = (name: string) => known.has(name) || reserved.has(fieldName(name));
    const record = isPlainObject(value) && isPlainObject(value.data) ? value.data : undefined;
    const id = record?.service_id ?? record?.player_id;
    let noted = false;
    for (const seen of Object.values(report.coverage ?? {})) {
      if (typeof id !== 'string' || seen.rows !== 1 || seen.empty[DATE_FIELD] !== 1) continue;
      const row = rawRows(raw)[0] ?? {};
      const names = [...seen.unread, ...(seen.taken ?? [])].filter((name) => !skip(name));
      this.dates.note(
        id,
        Object.fromEntries(
          names.map((name) => [name, row[name] !== undefined ? row[name] : memberNamed(row, name)]),
        ),
      );
      noted = true;
    }
    // Only a record just noted can change the verdict.
    const found = noted ? this.dates.agreed(skip) : undefined;
    if (!found) return undefined;
    return { field: DATE_FIELD, name: found.name, matched: found.matched, of: found.of, route };
  }

  private scheduleTake(): void {
    if (this.takeScheduled) return;
    this.takeScheduled = true;
    setImmediate(() => {
      this.takeScheduled = false;
      this.takePending();
    }).unref();
  }

  private takePending(): void {
    if (this.pending.length === 0) return;
    noteChange();
    const taken = this.pending;
    this.pending = [];
    for (const { route, value, raw } of taken) this.takeFacts(route, value, raw);
  }

  /** What an answer says of persons, role keys and the date of the data: asked for by the calls themselves. */
  private takeAtOnce(route: string, value: unknown): void {
    if (isPlainObject(value) && isPlainObject(value.data)) this.dates.noteStated(value.data[DATE_FIELD]);
    const rows = isPlainObject(value) && Array.isArray(value.data) ? value.data : [];
    const beside =
      isPlainObject(value) && typeof value.service_id === 'string' ? value.service_id : undefined;
    for (const row of rows) {
      if (!isPlainObject(row) || typeof row.player_id !== 'string') continue;
      const person = typeof row.service_id === 'string' ? row.service_id : beside;
      if (person !== undefined && this.persons.size < PERSONS_KEPT) this.persons.set(row.player_id, person);
    }
    if (route === 'enums') {
      // The API's own role keys, current and former: values a role field may hold.
      for (const role of readEnumRoles(value).roles) {
        this.addRoleKeys([role.key, ...role.deprecatedKeys]);
        for (const old of role.deprecatedKeys) if (old !== role.key) this.renamedRoles.set(old, role.key);
      }
    }
  }

  /** What an answer says of the world: the players, clubs, leagues and statistic keys it names. */
  private takeFacts(route: string, value: unknown, raw: unknown): void {
    const rows = isPlainObject(value) && Array.isArray(value.data) ? value.data : [];
    this.takeStatisticKeys(isPlainObject(value) && isPlainObject(value.data) ? [value.data] : rows);
    if (RANKING_ROUTES.has(route)) {
      for (const row of rows) {
        if (!isPlainObject(row)) continue;
        this.world.players.add(row);
        const club = scalarOf(row.club);
        if (typeof club === 'string') this.world.note(this.world.clubs, club);
        const league = scalarOf(row.league);
        if (typeof league === 'string') this.world.note(this.world.leagues, league);
      }
    } else if (route === 'glossary') {
      for (const row of rows)
        if (isPlainObject(row) && typeof row.key === 'string') this.noteStatistic(row.key);
    } else if (route === 'leagues') {
      if (saysMore(raw, rows.length)) this.world.leaguesWhole = false;
      for (const row of rows) {
        const name = isPlainObject(row) ? scalarOf(row.name) : undefined;
        if (typeof name === 'string') this.world.note(this.world.leagues, name);
      }
    }
  }

  /** The keys of the statistics maps of `rows` (a player's, a comparison's rows): statistic keys the API uses. */
  private takeStatisticKeys(rows: readonly unknown[]): void {
    for (const row of rows) {
      const statistics = isPlainObject(row) ? row.statistics : undefined;
      if (isPlainObject(statistics)) for (const key of Object.keys(statistics)) this.noteStatistic(key);
    }
  }

  /** Statistic keys as the API wrote them, once each: a map read again folds nothing (the reader's bench). */
  private readonly statisticsWritten = new Set<string>();

  private noteStatistic(key: string): void {
    // A statistic under its label ("Expected goals": words, not a key) is no evidence of a glossary key.
    if (/\s/.test(key)) return;
    if (this.statisticsWritten.has(key) || this.statisticsWritten.size >= STATISTICS_KEPT) return;
    this.statisticsWritten.add(key);
    this.world.statistics.add(same(key));
  }
}
