// How rows and clubs appear in responses. Every player object carries player_id and service_id.
import { ROLE_KEYS } from '../../domain/roles.js';
import { domestic, performanceIndex } from '../data/analytics.js';
import type { Team } from '../data/clubs.js';
import type { PlayerRow } from '../data/generate.js';
import { round } from '../data/random.js';
import { RENAMED, ROLE_FAMILY_INDEX } from '../data/roles.js';
import { CURRENT_SEASON, SEASON_LABELS, seasonInfo } from '../data/seasons.js';
import { FAMILIES, STATS } from '../data/stats.js';

export const seasonLabel = (season: number) => SEASON_LABELS[season] ?? '';

export function playerRow(row: PlayerRow) {
  return {
    player_id: row.id,
    service_id: row.serviceId,
    name: row.person.name.full,
    club: row.team.name,
    team_id: row.team.id,
    league: row.comp.name,
    ...(row.comp.type === 'cup' ? { domestic_league: row.team.comp.name } : {}),
    competition: row.comp.type,
    season: seasonLabel(row.season),
    age: row.age,
    position: FAMILIES[row.person.family] ?? null,
    nationality: row.person.nationality,
  };
}

export function score(value: number): number {
  return round(value, 1);
}

/** Statistics as numbers (2 decimals per 90, 1 decimal for percentages); null where not applicable. */
export function statistics(row: PlayerRow): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  STATS.forEach((def, i) => {
    const v = row.stats[i] ?? Number.NaN;
    out[def.key] = Number.isNaN(v) ? null : round(v, def.unit === '%' ? 1 : 2);
  });
  return out;
}

export function statValue(row: PlayerRow, stat: number): number | null {
  const v = row.stats[stat] ?? Number.NaN;
  return Number.isNaN(v) ? null : round(v, STATS[stat]?.unit === '%' ? 1 : 2);
}

export function roleScores(
  row: PlayerRow,
): { role: string; family: string; score: number; deprecated_key?: string }[] {
  return ROLE_KEYS.map((role, k) => {
    const old = RENAMED[role];
    return {
      role,
      family: FAMILIES[ROLE_FAMILY_INDEX[k] ?? 0] ?? '',
      score: score(row.roles[k] ?? 0),
      ...(old ? { deprecated_key: old } : {}),
    };
  }).sort((a, b) => b.score - a.score || a.role.localeCompare(b.role));
}

export function primaryRole(row: PlayerRow): string {
  return ROLE_KEYS[row.bestRole] ?? '';
}

/** A player's record; `asOf` is the date of its data (the world's week moves it on). */
export function playerRecord(row: PlayerRow, asOf: string, value: number) {
  const p = row.person;
  return {
    ...playerRow(row),
    first_name: p.name.first,
    last_name: p.name.last,
    birth_date: p.birthDate,
    foot: p.foot,
    height_cm: p.heightCm,
    country: domestic(row).country,
    primary_role: primaryRole(row),
    performance_index: score(performanceIndex(row)),
    minutes: row.minutes,
    appearances: row.appearances,
    starts: row.starts,
    contract_until: row.contractUntil,
    market_value_eur: value,
    data_as_of: asOf,
  };
}

export function teamSummary(team: Team) {
  return {
    team_id: team.id,
    name: team.name,
    city: team.city,
    country: team.countryName,
    league: team.comp.name,
    gender: team.comp.gender,
    level: team.comp.level,
    founded: team.founded,
    coach: { coach_id: team.coach.id, name: team.coach.name.full },
  };
}

export function coachSummary(team: Team) {
  const c = team.coach;
  return {
    coach_id: c.id,
    name: c.name.full,
    nationality: c.nationality,
    age: seasonInfo(CURRENT_SEASON).startYear - c.birthYear,
    team: team.name,
    team_id: team.id,
    league: team.comp.name,
    since: c.since,
    formation: c.formation,
  };
}

/** Best `k` items by score, ties kept in input order. */
export function topK<T>(
  items: Iterable<T>,
  k: number,
  scoreOf: (item: T) => number,
): { item: T; score: number }[] {
  const top: { item: T; score: number }[] = [];
  for (const item of items) {
    const s = scoreOf(item);
    if (Number.isNaN(s)) continue;
    if (top.length === k && s <= (top[k - 1]?.score ?? -Infinity)) continue;
    let i = top.length;
    while (i > 0 && (top[i - 1]?.score ?? 0) < s) i--;
    top.splice(i, 0, { item, score: s });
    if (top.length > k) top.pop();
  }
  return top;
}
