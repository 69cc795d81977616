// Persons: everything about a player that does not depend on the season or the club. A person is
// identified by where they first appear (origin season, competition, row); that triple is also
// what their service_id encodes.
import { clubPrestige } from './clubs.js';
import { COUNTRIES, type CountryDef, country } from './countries.js';
import { type Comp, comp as compAt } from './leagues.js';
import { type PersonName, personName } from './names.js';
import { clamp, hash, normal, pick, TAG, unit } from './random.js';
import { seasonInfo } from './seasons.js';
import { TRAIT_COUNT } from './stats.js';

const COMP_RANGE = 1296;
const ROW_RANGE = 46656;

export function personKey(season: number, comp: number, row: number): number {
  return (season * COMP_RANGE + comp) * ROW_RANGE + row;
}

export function decodePersonKey(key: number): { season: number; comp: number; row: number } {
  const row = key % ROW_RANGE;
  const rest = (key - row) / ROW_RANGE;
  return { season: Math.floor(rest / COMP_RANGE), comp: rest % COMP_RANGE, row };
}

/** Squad template: the family and depth of each of the 24 slots of a club. */
export const SQUAD_SIZE = 24;
const SLOT_FAMILY = [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7];
const STARTERS = new Set([0, 3, 4, 7, 8, 11, 13, 14, 18, 19, 21]);

export function slotFamily(row: number): number {
  return SLOT_FAMILY[row % SQUAD_SIZE] ?? 7;
}

export function slotStarter(row: number): boolean {
  return STARTERS.has(row % SQUAD_SIZE);
}

/** Average ability of the players of a competition of this strength. */
export function levelMean(strength: number): number {
  return (strength - 0.6) * 4;
}

const HEIGHT = [190, 187, 178, 181, 179, 176, 175, 183];

export interface Person {
  readonly key: number;
  readonly originSeason: number;
  readonly originComp: number;
  readonly originRow: number;
  readonly family: number;
  readonly female: boolean;
  readonly nationality: string;
  readonly culture: string;
  readonly birthYear: number;
  readonly birthDate: string;
  readonly ability0: number;
  readonly traits: Float32Array;
  readonly foot: 'right' | 'left' | 'both';
  readonly heightCm: number;
  readonly name: PersonName;
}

export class PeopleBook {
  private readonly cache = new Map<number, Person>();

  constructor(private readonly seed: number) {}

  get(key: number): Person {
    let p = this.cache.get(key);
    if (!p) {
      p = this.make(key);
      this.cache.set(key, p);
    }
    return p;
  }

  /** Age during a season (its start year minus birth year). */
  age(p: Person, season: number): number {
    return seasonInfo(season).startYear - p.birthYear;
  }

  /** Ability during a season: young players improve, older ones decline. */
  ability(p: Person, season: number): number {
    return grown(p.ability0, p.birthYear, p.originSeason, season);
  }

  // The two below answer without building the whole person (movements ask them for thousands).
  ageOf(key: number, season: number): number {
    return seasonInfo(season).startYear - this.birthYearOf(key);
  }

  abilityOf(key: number, season: number): number {
    const cached = this.cache.get(key);
    if (cached) return this.ability(cached, season);
    return grown(this.ability0Of(key), this.birthYearOf(key), decodePersonKey(key).season, season);
  }

  private birthYearOf(key: number): number {
    const cached = this.cache.get(key);
    if (cached) return cached.birthYear;
    const s = this.seed;
    const { season, comp: compIndex, row } = decodePersonKey(key);
    const comp = compAt(compIndex) as Comp;
    let age: number;
    if (comp.maxAge !== undefined) {
      const span = comp.maxAge >= 21 ? 5 : 3;
      age =
        season > 0 ? 16 + (hash(s, TAG.age, key) % 2) : comp.maxAge - (hash(s, TAG.age, key) % (span + 1));
    } else {
      age = Math.round(clamp(25.5 + (slotFamily(row) === 0 ? 1 : 0) + 4 * normal(s, TAG.age, key), 17, 35));
    }
    return seasonInfo(season).startYear - age;
  }

  private ability0Of(key: number): number {
    const { comp: compIndex, row } = decodePersonKey(key);
    const comp = compAt(compIndex) as Comp;
    const prestige = clubPrestige(this.seed, compIndex, Math.floor(row / SQUAD_SIZE));
    return levelMean(comp.strength) + 0.7 * (prestige - 0.5) + 0.8 * normal(this.seed, TAG.ability, key);
  }

  private make(key: number): Person {
    const s = this.seed;
    const { season, comp: compIndex, row } = decodePersonKey(key);
    const comp = compAt(compIndex) as Comp;
    const family = slotFamily(row);
    const female = comp.gender === 'women';
    const home = country(comp.country);
    let nat = home;
    if (unit(s, TAG.foreign, key) < 0.22) {
      const sameRegion = unit(s, TAG.foreign, key, 1) < 0.7;
      nat = pick(
        sameRegion ? (BY_REGION.get(home.region) ?? COUNTRIES) : COUNTRIES,
        hash(s, TAG.foreign, key, 2),
      );
    }
    const culture = pick(nat.cultures, hash(s, TAG.culture, key));
    const birthYear = this.birthYearOf(key);
    // Birth dates fall in the first half of the year so that the age at a season's start is simply
    // its start year minus the birth year.
    const day = hash(s, TAG.birth, key) % 181;
    const birthDate = new Date(Date.UTC(birthYear, 0, 1 + day)).toISOString().slice(0, 10);
    const traits = new Float32Array(TRAIT_COUNT);
    for (let t = 0; t < TRAIT_COUNT; t++) traits[t] = normal(s, TAG.trait, key, t);
    const footRoll = unit(s, TAG.foot, key);
    return {
      key,
      originSeason: season,
      originComp: compIndex,
      originRow: row,
      family,
      female,
      nationality: nat.name,
      culture,
      birthYear,
      birthDate,
      ability0: this.ability0Of(key),
      traits,
      foot: footRoll < 0.72 ? 'right' : footRoll < 0.96 ? 'left' : 'both',
      heightCm: Math.round((HEIGHT[family] ?? 180) - (female ? 12 : 0) + 6 * normal(s, TAG.height, key)),
      name: personName(s, culture, female, key),
    };
  }
}

function grown(ability0: number, birthYear: number, from: number, to: number): number {
  let a = ability0;
  for (let s = from; s < to; s++) {
    const age = seasonInfo(s).startYear - birthYear;
    a += age < 23 ? 0.22 : age < 28 ? 0.06 : age < 31 ? -0.04 : -0.2;
  }
  return a;
}

const BY_REGION = new Map<string, CountryDef[]>();
for (const c of COUNTRIES) BY_REGION.set(c.region, [...(BY_REGION.get(c.region) ?? []), c]);
