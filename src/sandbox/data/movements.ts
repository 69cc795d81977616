// Who plays where each season. Season 0 fills every slot with its own person; between two seasons
// ~12% of the senior slots change hands: a part of the movers swap clubs inside their league, the
// rest are matched by level (good players to strong clubs) to the slots vacated across the pool
// (leagues of one gender and region). Youth players past their league's age move up into those
// slots; the weakest candidates leave the covered leagues; youth slots take new intake.
// European cups: the best clubs of the strongest European men's leagues, by a seasonal form.
import { type ClubBook, clubPrestige } from './clubs.js';
import { COMPS, type Comp, CUP_FEEDERS, CUPS, europeanPlaces, LEAGUES } from './leagues.js';
import { levelMean, type PeopleBook, personKey, SQUAD_SIZE, slotFamily } from './people.js';
import { normal, TAG, unit } from './random.js';
import { CURRENT_SEASON } from './seasons.js';
import { FAMILIES } from './stats.js';

const ROW_RANGE = 46656;
const RELEASED = -1;
const MOVE_RATE = 0.12;
const LOCAL_RATE = 0.045;
const YOUTH_MOVE_RATE = 0.1;

const slotKey = (comp: number, row: number) => comp * ROW_RANGE + row;
const slotComp = (slot: number) => Math.floor(slot / ROW_RANGE);
const slotRow = (slot: number) => slot % ROW_RANGE;

interface Transition {
  /** slot → person who arrives there. */
  readonly incoming: Map<number, number>;
  /** person → slot they go to, or RELEASED. */
  readonly moved: Map<number, number>;
}

export interface Qualifier {
  readonly comp: Comp;
  readonly team: number;
}

export class Movements {
  private readonly pools = new Map<string, Comp[]>();
  private readonly occupancy = new Map<number, Int32Array>();
  private readonly transitions = new Map<string, Transition>();
  private readonly cupDraws = new Map<number, Qualifier[][]>();

  constructor(
    private readonly seed: number,
    private readonly people: PeopleBook,
    private readonly clubs: ClubBook,
  ) {
    for (const c of LEAGUES) {
      const key = poolKey(c);
      const pool = this.pools.get(key);
      if (pool) pool.push(c);
      else this.pools.set(key, [c]);
    }
  }

  /** Person key of every row of a league in a season. */
  occupants(comp: Comp, season: number): Int32Array {
    const memoKey = comp.index * 8 + season;
    let occ = this.occupancy.get(memoKey);
    if (occ) return occ;
    const n = comp.teams * SQUAD_SIZE;
    occ = new Int32Array(n);
    if (season === 0) {
      for (let r = 0; r < n; r++) occ[r] = personKey(0, comp.index, r);
    } else {
      const previous = this.occupants(comp, season - 1);
      const t = this.transition(poolKey(comp), season - 1);
      for (let r = 0; r < n; r++) occ[r] = t.incoming.get(slotKey(comp.index, r)) ?? previous[r] ?? 0;
    }
    this.occupancy.set(memoKey, occ);
    return occ;
  }

  /** Where a person plays each season: slot (competition, row) or undefined. */
  trajectory(
    key: number,
    originSeason: number,
    originComp: number,
    originRow: number,
  ): ({ comp: number; row: number } | undefined)[] {
    const out: ({ comp: number; row: number } | undefined)[] = [];
    let slot = slotKey(originComp, originRow);
    for (let s = 0; s <= CURRENT_SEASON; s++) {
      if (s < originSeason) {
        out.push(undefined);
        continue;
      }
      out.push({ comp: slotComp(slot), row: slotRow(slot) });
      if (s === CURRENT_SEASON) break;
      const comp = COMPS[slotComp(slot)];
      if (!comp) break;
      const moved = this.transition(poolKey(comp), s).moved.get(key);
      if (moved === RELEASED) {
        for (let rest = s + 1; rest <= CURRENT_SEASON; rest++) out.push(undefined);
        break;
      }
      if (moved !== undefined) slot = moved;
    }
    return out;
  }

  /** Whether a person key names someone who exists (season-0 slot or youth intake). */
  exists(season: number, compIndex: number, row: number): boolean {
    const comp = COMPS[compIndex];
    if (comp?.type !== 'league' || row >= comp.teams * SQUAD_SIZE || season > CURRENT_SEASON) return false;
    if (season === 0) return true;
    if (comp.level !== 'youth') return false;
    return (
      this.transition(poolKey(comp), season - 1).incoming.get(slotKey(compIndex, row)) ===
      personKey(season, compIndex, row)
    );
  }

  /** Clubs in each European cup during a season, in a fixed order. */
  qualifiers(season: number): readonly (readonly Qualifier[])[] {
    let draw = this.cupDraws.get(season);
    if (draw) return draw;
    draw = CUPS.map(() => []);
    for (const league of CUP_FEEDERS) {
      const form = this.clubs
        .teamsOf(league)
        .map((t) => ({
          team: t.index,
          form: t.prestige + 0.25 * normal(this.seed, TAG.cupNoise, season, league.index, t.index),
        }))
        .sort((a, b) => b.form - a.form);
      let next = 0;
      europeanPlaces(league).forEach((places, cup) => {
        for (let i = 0; i < places; i++, next++) {
          const entry = form[next];
          if (entry) draw?.[cup]?.push({ comp: league, team: entry.team });
        }
      });
    }
    this.cupDraws.set(season, draw);
    return draw;
  }

  private transition(pool: string, t: number): Transition {
    const memoKey = `${pool}|${t}`;
    const cached = this.transitions.get(memoKey);
    if (cached) return cached;
    const s = this.seed;
    const comps = this.pools.get(pool) ?? [];
    const senior = FAMILIES.map(() => [] as { slot: number; person: number }[]);
    const youth = FAMILIES.map(() => [] as { slot: number; person: number }[]);
    const local = FAMILIES.map(() => [] as { slot: number; person: number }[]);
    for (const comp of comps) {
      const occ = this.occupants(comp, t);
      for (let r = 0; r < occ.length; r++) {
        const person = occ[r] ?? 0;
        const fam = slotFamily(r);
        if (comp.maxAge !== undefined) {
          const age = this.people.ageOf(person, t + 1);
          if (age > comp.maxAge || unit(s, TAG.youthMove, t, comp.index, r) < YOUTH_MOVE_RATE) {
            youth[fam]?.push({ slot: slotKey(comp.index, r), person });
          }
        } else {
          const roll = unit(s, TAG.mover, t, comp.index, r);
          if (roll < LOCAL_RATE) local[fam]?.push({ slot: slotKey(comp.index, r), person });
          else if (roll < MOVE_RATE) senior[fam]?.push({ slot: slotKey(comp.index, r), person });
        }
      }
    }
    const incoming = new Map<number, number>();
    const moved = new Map<number, number>();
    // Moves inside a league: the league's local movers of a family swap clubs among themselves.
    FAMILIES.forEach((_, fam) => {
      const byComp = new Map<number, { slot: number; person: number }[]>();
      for (const m of local[fam] ?? []) {
        const list = byComp.get(slotComp(m.slot));
        if (list) list.push(m);
        else byComp.set(slotComp(m.slot), [m]);
      }
      for (const movers of byComp.values()) {
        const slots = movers
          .map(({ slot }) => ({ slot, key: this.slotLevel(slot) + 0.35 * normal(s, TAG.slotNoise, t, slot) }))
          .sort((a, b) => b.key - a.key);
        const people = movers
          .map(({ person }) => ({
            person,
            key: this.people.abilityOf(person, t + 1) + 0.35 * normal(s, TAG.candNoise, t, person),
          }))
          .sort((a, b) => b.key - a.key);
        people.forEach(({ person }, i) => {
          const dest = slots[i]?.slot ?? 0;
          incoming.set(dest, person);
          moved.set(person, dest);
        });
      }
    });
    FAMILIES.forEach((_, fam) => {
      const leaving = senior[fam] ?? [];
      const rising = youth[fam] ?? [];
      const slots = leaving
        .map(({ slot }) => ({ slot, key: this.slotLevel(slot) + 0.35 * normal(s, TAG.slotNoise, t, slot) }))
        .sort((a, b) => b.key - a.key);
      const candidates = [...leaving, ...rising]
        .map(({ person }) => {
          const age = this.people.ageOf(person, t + 1);
          const key =
            this.people.abilityOf(person, t + 1) -
            0.25 * Math.max(0, age - 31) +
            0.35 * normal(s, TAG.candNoise, t, person);
          return { person, key };
        })
        .sort((a, b) => b.key - a.key);
      candidates.forEach(({ person }, i) => {
        const dest = slots[i];
        if (dest) {
          incoming.set(dest.slot, person);
          moved.set(person, dest.slot);
        } else {
          moved.set(person, RELEASED);
        }
      });
      for (const { slot } of rising) incoming.set(slot, personKey(t + 1, slotComp(slot), slotRow(slot)));
    });
    const transition = { incoming, moved };
    this.transitions.set(memoKey, transition);
    return transition;
  }

  private slotLevel(slot: number): number {
    const comp = COMPS[slotComp(slot)];
    if (!comp) return 0;
    const prestige = clubPrestige(this.seed, comp.index, Math.floor(slotRow(slot) / SQUAD_SIZE));
    return levelMean(comp.strength) + 0.7 * (prestige - 0.5);
  }
}

function poolKey(comp: Comp): string {
  return `${comp.gender}|${comp.region}`;
}
