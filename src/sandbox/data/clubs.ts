// Clubs and their coaches. Clubs are named after real cities of their country; women's and youth
// sides take the name of a men's club of the same country with a suffix. Clubs stay in their
// league over the covered seasons and each keeps one head coach.

import { fold } from '../../lib/fold.js';
import { COUNTRIES, type CountryDef, country } from './countries.js';
import { coachId, teamId } from './ids.js';
import { type Comp, LEAGUES } from './leagues.js';
import { type PersonName, personName } from './names.js';
import { clamp, hash, normal, pick, shuffled, TAG, unit } from './random.js';
import { SEASONS } from './seasons.js';

export const STYLE_KEYS = [
  'possession',
  'pressing',
  'directness',
  'width',
  'defensive_line',
  'tempo',
] as const;
export type StyleKey = (typeof STYLE_KEYS)[number];
export type Style = Readonly<Record<StyleKey, number>>;

export interface Coach {
  readonly id: string;
  readonly name: PersonName;
  readonly nationality: string;
  readonly birthYear: number;
  readonly since: string;
  readonly formation: string;
  readonly stints: readonly { readonly team: Team; readonly from: number; readonly to: number }[];
}

export interface Team {
  readonly id: string;
  readonly comp: Comp;
  readonly index: number;
  readonly name: string;
  readonly folded: string;
  readonly city: string;
  readonly countryName: string;
  /** 0..1: how big the club is within its league. */
  readonly prestige: number;
  readonly founded: number;
  readonly style: Style;
  /** Built on first use. */
  readonly coach: Coach;
}

/** 0..1: how big a club is within its league (also what players of its first squad are worth). */
export function clubPrestige(seed: number, comp: number, team: number): number {
  return unit(seed, TAG.prestige, comp, team);
}

const FORMATIONS = ['4-3-3', '4-2-3-1', '4-4-2', '3-5-2', '3-4-3', '4-1-4-1', '5-3-2', '4-3-1-2', '3-4-2-1'];

export class ClubBook {
  readonly all: readonly Team[];
  private readonly byComp: readonly (readonly Team[])[];
  private readonly byFolded = new Map<string, Team>();

  constructor(private readonly seed: number) {
    const byComp: Team[][] = [];
    const used = new Set<string>();
    const all: Team[] = [];
    COUNTRIES.forEach((c, countryIndex) => {
      const leagues = LEAGUES.filter((l) => l.country === c.name);
      const menClubs = this.menClubNames(c, countryIndex, leagues, used);
      const flat = [...menClubs.values()].flat();
      let womenOffset = 0;
      for (const league of leagues) {
        const teams: Team[] = [];
        for (let i = 0; i < league.teams; i++) {
          let base: string;
          let city: string;
          if (league.gender === 'men' && league.level !== 'youth') {
            const entry = menClubs.get(league.index)?.[i];
            base = entry?.[0] ?? `${c.name} ${i}`;
            city = entry?.[1] ?? c.name;
          } else {
            const j = league.level === 'youth' ? i : womenOffset + i;
            const entry = flat[j % Math.max(1, flat.length)];
            base = `${entry?.[0] ?? c.name}${league.gender === 'women' ? c.women : ''}${league.youthSuffix ?? ''}`;
            city = entry?.[1] ?? c.name;
          }
          const name = league.gender === 'men' && league.level !== 'youth' ? base : unique(base, used);
          const team = this.makeTeam(league, i, name, city, c.name);
          teams.push(team);
          all.push(team);
          this.byFolded.set(team.folded, team);
        }
        if (league.gender === 'women' && league.level !== 'youth') womenOffset += league.teams;
        byComp[league.index] = teams;
      }
    });
    this.all = all;
    this.byComp = byComp;
  }

  private peers: Map<string, Team[]> | undefined;
  private readonly coaches = new Map<Team, Coach>();

  private coachOf(team: Team): Coach {
    let coach = this.coaches.get(team);
    if (!coach) {
      if (!this.peers) {
        this.peers = new Map();
        for (const t of this.all) {
          const k = `${t.countryName}|${t.comp.gender}`;
          const list = this.peers.get(k);
          if (list) list.push(t);
          else this.peers.set(k, [t]);
        }
      }
      coach = this.makeCoach(team, this.peers.get(`${team.countryName}|${team.comp.gender}`) ?? []);
      this.coaches.set(team, coach);
    }
    return coach;
  }

  teamsOf(comp: Comp): readonly Team[] {
    return this.byComp[comp.index] ?? [];
  }

  team(comp: number, index: number): Team | undefined {
    return this.byComp[comp]?.[index];
  }

  byName(name: string): Team | undefined {
    return this.byFolded.get(fold(name));
  }

  private menClubNames(c: CountryDef, countryIndex: number, leagues: readonly Comp[], used: Set<string>) {
    const out = new Map<number, [string, string][]>();
    const cities = shuffled(c.cities, this.seed, TAG.cityOrder, countryIndex);
    let j = 0;
    for (const league of leagues) {
      if (league.gender !== 'men' || league.level === 'youth') continue;
      const names: [string, string][] = [];
      for (let i = 0; i < league.teams; i++, j++) {
        const cityIndex = j % cities.length;
        const city = cities[cityIndex] ?? c.name;
        const offset = hash(this.seed, TAG.clubCity, countryIndex, cityIndex);
        let name = '';
        for (let k = 0; k < c.patterns.length; k++) {
          const pattern = pick(c.patterns, offset + Math.floor(j / cities.length) + k);
          name = pattern.replace('{c}', city);
          if (!used.has(fold(name))) break;
        }
        names.push([unique(name, used), city]);
      }
      out.set(league.index, names);
    }
    return out;
  }

  private makeTeam(comp: Comp, index: number, name: string, city: string, countryName: string): Team {
    const s = this.seed;
    const book = this;
    const prestige = clubPrestige(s, comp.index, index);
    const style = (k: number, shift: number) =>
      Math.round(clamp(50 + 17 * normal(s, TAG.style, comp.index, index, k) + shift, 5, 95));
    const possession = style(0, 30 * (prestige - 0.5));
    const pressing = style(1, 10 * (prestige - 0.5));
    return {
      id: teamId(s, comp.index, index),
      comp,
      index,
      name,
      folded: fold(name),
      city,
      countryName,
      prestige,
      founded: 1875 + (hash(s, TAG.founded, comp.index, index) % 140),
      style: {
        possession,
        pressing,
        directness: Math.round(
          clamp(100 - possession + 12 * normal(s, TAG.style, comp.index, index, 2), 5, 95),
        ),
        width: style(3, 0),
        defensive_line: Math.round(
          clamp(0.6 * pressing + 20 + 10 * normal(s, TAG.style, comp.index, index, 4), 5, 95),
        ),
        tempo: style(5, 0),
      },
      get coach() {
        return book.coachOf(this);
      },
    };
  }

  private makeCoach(team: Team, peers: readonly Team[]): Coach {
    const s = this.seed;
    const { comp, index } = team;
    const foreign = unit(s, TAG.coach, comp.index, index, 1) < 0.25;
    const home = country(team.countryName);
    const nat = foreign
      ? pick(
          COUNTRIES.filter((c) => c.region === home.region),
          hash(s, TAG.coach, comp.index, index, 2),
        )
      : home;
    const cultureName = pick(nat.cultures, hash(s, TAG.coach, comp.index, index, 3));
    const age = 36 + (hash(s, TAG.coach, comp.index, index, 4) % 30);
    const sinceStart = SEASONS[0]?.startYear ?? 2024;
    const sinceYear = sinceStart - (hash(s, TAG.coach, comp.index, index, 5) % 5);
    const stints: { team: Team; from: number; to: number }[] = [{ team, from: sinceYear, to: 0 }];
    // Earlier clubs: other clubs of the same country and gender, older stints first in the past.
    const pool = peers.filter((t) => t !== team);
    let to = sinceYear;
    const count = hash(s, TAG.career, comp.index, index) % 4;
    for (let k = 0; k < count && pool.length > 0; k++) {
      const length = 1 + (hash(s, TAG.career, comp.index, index, k + 1) % 4);
      const previous = pick(pool, hash(s, TAG.career, comp.index, index, k + 11));
      if (stints.some((st) => st.team === previous)) continue;
      stints.push({ team: previous, from: to - length, to });
      to -= length + (hash(s, TAG.career, comp.index, index, k + 21) % 2);
    }
    const yy = (y: number) => String(y % 100).padStart(2, '0');
    return {
      id: coachId(s, comp.index, index),
      name: personName(
        s,
        cultureName,
        comp.gender === 'women' && unit(s, TAG.coach, comp.index, index, 6) < 0.5,
        comp.index * 64 + index,
        7,
      ),
      nationality: nat.name,
      birthYear: sinceStart - age,
      since: `${yy(sinceYear)}-${yy(sinceYear + 1)}`,
      formation: pick(FORMATIONS, hash(s, TAG.formation, comp.index, index)),
      stints,
    };
  }
}

function unique(name: string, used: Set<string>): string {
  let candidate = name;
  let folded = fold(candidate);
  for (let n = 2; used.has(folded); n++) {
    candidate = `${name} ${romanOrNumber(n)}`;
    folded = fold(candidate);
  }
  used.add(folded);
  return candidate;
}

function romanOrNumber(n: number): string {
  return ['', '', 'II', 'III', 'IV', 'V'][n] ?? String(n);
}
