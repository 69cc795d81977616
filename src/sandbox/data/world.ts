// The synthetic world of one seed: clubs, people, movements and competition-seasons, all built on
// first use and memoized. Lookups by id decode the id and generate only what they need.

import { fold } from '../../lib/fold.js';
import { marketValue } from './analytics.js';
import { ClubBook, type Team } from './clubs.js';
import { buildCompSeason, type CompSeason, type PlayerRow, type RowSource, scoreRoles } from './generate.js';
import { parseCoachId, parsePlayerId, parseServiceId, parseTeamId } from './ids.js';
import { COMPS, type Comp, CUPS } from './leagues.js';
import { Movements } from './movements.js';
import { PeopleBook, type Person, personKey, SQUAD_SIZE } from './people.js';
import { hashString } from './random.js';
import { CURRENT_SEASON, type SeasonInfo } from './seasons.js';
import {
  advanceCompSeason,
  checkWeek,
  seasonAt,
  type Transfer,
  transfersUpTo,
  type WeekContext,
} from './week.js';

export interface WorldOptions {
  /** Weeks on from today's data (0–52, see week.ts); 0 = today, unchanged. */
  week?: number;
}

export class World {
  readonly seed: number;
  private clubBook: ClubBook | undefined;
  private peopleBook: PeopleBook | undefined;
  private moves: Movements | undefined;
  private readonly compSeasons = new Map<number, CompSeason>();
  private readonly baseSeasons = new Map<number, CompSeason>();
  private readonly foldedNames = new Map<number, string>();
  readonly week: number;
  private weekContext: (WeekContext & { transfers: readonly Transfer[] }) | undefined;

  constructor(
    readonly seedText: string,
    options: WorldOptions = {},
  ) {
    this.seed = hashString(seedText);
    this.week = checkWeek(options.week ?? 0);
  }

  /** A season as of this world's week (the current one moves on; past ones and week 0 as they are). */
  seasonInfo(season: number): SeasonInfo {
    return seasonAt(season, this.week);
  }

  /** The moves of the transfer windows up to this world's week, in order. */
  transfers(): readonly Transfer[] {
    return this.weeks().transfers;
  }

  private weeks(): WeekContext & { transfers: readonly Transfer[] } {
    if (!this.weekContext) {
      const transfers = this.week > 0 ? transfersUpTo(this.seed, this.week, this.movements, this.clubs) : [];
      const arrivals = new Map<Comp, Transfer[]>();
      for (const t of transfers) arrivals.set(t.to.comp, [...(arrivals.get(t.to.comp) ?? []), t]);
      this.weekContext = {
        transfers,
        seed: this.seed,
        week: this.week,
        people: this.people,
        clubs: this.clubs,
        transfersByPerson: new Map(transfers.map((t) => [t.person, t])),
        arrivals,
        base: (comp) => this.baseCompSeason(comp, CURRENT_SEASON),
        scoreRoles,
      };
    }
    return this.weekContext;
  }

  get clubs(): ClubBook {
    this.clubBook ??= new ClubBook(this.seed);
    return this.clubBook;
  }

  get people(): PeopleBook {
    this.peopleBook ??= new PeopleBook(this.seed);
    return this.peopleBook;
  }

  get movements(): Movements {
    this.moves ??= new Movements(this.seed, this.people, this.clubs);
    return this.moves;
  }

  compSeason(comp: Comp, season: number): CompSeason {
    if (this.week === 0 || season !== CURRENT_SEASON) return this.baseCompSeason(comp, season);
    const key = comp.index * 8 + season;
    let cs = this.compSeasons.get(key);
    if (!cs) {
      cs = advanceCompSeason(this.weeks(), this.baseCompSeason(comp, season));
      this.compSeasons.set(key, cs);
    }
    return cs;
  }

  /** Today's rows (week 0): what the weeks start from. */
  private baseCompSeason(comp: Comp, season: number): CompSeason {
    const key = comp.index * 8 + season;
    let cs = this.baseSeasons.get(key);
    if (!cs) {
      cs = buildCompSeason(this.seed, this.people, comp, season, this.sources(comp, season));
      this.baseSeasons.set(key, cs);
    }
    return cs;
  }

  private sources(comp: Comp, season: number): RowSource[] {
    if (comp.type === 'league') {
      const occ = this.movements.occupants(comp, season);
      const teams = this.clubs.teamsOf(comp);
      return Array.from(occ, (key, r) => ({
        team: teams[Math.floor(r / SQUAD_SIZE)] as Team,
        person: this.people.get(key),
      }));
    }
    const qualifiers = this.movements.qualifiers(season)[CUPS.indexOf(comp)] ?? [];
    const out: RowSource[] = [];
    for (const q of qualifiers) {
      const occ = this.movements.occupants(q.comp, season);
      const team = this.clubs.team(q.comp.index, q.team) as Team;
      for (let k = 0; k < SQUAD_SIZE; k++) {
        out.push({ team, person: this.people.get(occ[q.team * SQUAD_SIZE + k] ?? 0) });
      }
    }
    return out;
  }

  rowById(id: string): PlayerRow | undefined {
    const parsed = parsePlayerId(this.seed, id);
    if (!parsed || parsed.season > CURRENT_SEASON) return undefined;
    const comp = COMPS[parsed.comp];
    if (!comp) return undefined;
    return this.compSeason(comp, parsed.season).rows[parsed.row];
  }

  /** Person key of a service_id, if it names someone. */
  personOf(serviceId: string): number | undefined {
    const parsed = parseServiceId(this.seed, serviceId);
    if (!parsed || !this.movements.exists(parsed.season, parsed.comp, parsed.row)) return undefined;
    return personKey(parsed.season, parsed.comp, parsed.row);
  }

  /**
   * A person's market value on a row's date: one figure whatever the row, a European cup's row taking
   * the value of his league row of that season (the valuation is of the person, not of a competition).
   */
  marketValue(row: PlayerRow): number {
    if (row.comp.type !== 'cup') return marketValue(row);
    const league = this.rowsOfPerson(row.person.key).find(
      (r) => r.season === row.season && r.comp.type === 'league' && r.team === row.team,
    );
    return marketValue(league ?? row);
  }

  /** Every row of a person, season by season, league row before cup row; linked or not. */
  rowsOfPerson(key: number): PlayerRow[] {
    const person = this.people.get(key);
    const path = this.movements.trajectory(key, person.originSeason, person.originComp, person.originRow);
    const out: PlayerRow[] = [];
    path.forEach((slot, season) => {
      if (!slot) return;
      const comp = COMPS[slot.comp];
      if (!comp) return;
      const row = this.compSeason(comp, season).rows[slot.row];
      if (row) out.push(row);
      const team = Math.floor(slot.row / SQUAD_SIZE);
      this.movements.qualifiers(season).forEach((list, cup) => {
        const q = list.findIndex((x) => x.comp === comp && x.team === team);
        const cupComp = CUPS[cup];
        if (q < 0 || !cupComp) return;
        const cupRow = this.compSeason(cupComp, season).rows[q * SQUAD_SIZE + (slot.row % SQUAD_SIZE)];
        if (cupRow) out.push(cupRow);
      });
      // A move in a window of this season: the row at the new club comes last (the most recent).
      const move =
        season === CURRENT_SEASON && this.week > 0 ? this.weeks().transfersByPerson.get(key) : undefined;
      const joined = move && this.compSeason(move.to.comp, season).rows[move.to.row];
      if (joined) out.push(joined);
    });
    return out;
  }

  teamById(id: string): Team | undefined {
    const parsed = parseTeamId(this.seed, id);
    return parsed ? this.clubs.team(parsed.comp, parsed.team) : undefined;
  }

  teamByCoachId(id: string): Team | undefined {
    const parsed = parseCoachId(this.seed, id);
    return parsed ? this.clubs.team(parsed.comp, parsed.team) : undefined;
  }

  /** A person's full name folded for matching (lower case, no accents). */
  foldedName(person: Person): string {
    let name = this.foldedNames.get(person.key);
    if (name === undefined) {
      name = fold(person.name.full);
      this.foldedNames.set(person.key, name);
    }
    return name;
  }

  /** Cups a club plays in a season. */
  cupsOf(team: Team, season: number): Comp[] {
    return this.movements
      .qualifiers(season)
      .flatMap((list, cup) =>
        list.some((q) => q.comp === team.comp && q.team === team.index) ? [CUPS[cup] as Comp] : [],
      );
  }
}

/** Worlds kept for the next sandbox of the same seed and week: a test file starts many sandboxes. */
const WORLDS_KEPT = 2;
const kept = new Map<string, World>();

/**
 * The world of `seedText` at `week`, the one an earlier sandbox of this process built if it is among
 * the latest kept. A world is a pure function of its seed and week, and what it builds on first use is
 * only memoized, never changed by a request, so sandboxes can share it: each new one otherwise spent
 * ~1 s (several on a busy machine) generating the same clubs, people and seasons again.
 */
export function worldOf(seedText: string, week = 0): World {
  const key = `${week}\n${seedText}`;
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const world = new World(seedText, { week });
  kept.set(key, world);
  for (const old of kept.keys()) {
    if (kept.size <= WORLDS_KEPT) break;
    kept.delete(old);
  }
  return world;
}
