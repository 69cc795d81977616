// Identifiers carry their coordinates plus hash characters that must verify, so a lookup costs
// one parse and a hash, and a made-up id is a 404 (the odds of a random id verifying are ~1e-6).
import { hash, hashChars, mix32, TAG } from './random.js';

const b36 = (n: number, width: number) => n.toString(36).padStart(width, '0');

/** player_id = one row: `p` + season (1) + competition (2) + row (3) + check (4). */
export function playerId(seed: number, season: number, comp: number, row: number): string {
  return `p${season}${b36(comp, 2)}${b36(row, 3)}${hashChars(hash(seed, TAG.playerId, season, comp, row), 4, 36)}`;
}

export function parsePlayerId(
  seed: number,
  id: string,
): { season: number; comp: number; row: number } | undefined {
  const m = /^p([0-9])([0-9a-z]{2})([0-9a-z]{3})[0-9a-z]{4}$/.exec(id);
  if (!m) return undefined;
  const season = Number(m[1]);
  const comp = Number.parseInt(m[2] ?? '', 36);
  const row = Number.parseInt(m[3] ?? '', 36);
  return playerId(seed, season, comp, row) === id ? { season, comp, row } : undefined;
}

/** service_id = one person: `ds_` + origin season (1) + origin competition (2) + origin row (3) + check (10). */
export function serviceId(seed: number, season: number, comp: number, row: number): string {
  const h = hash(seed, TAG.serviceId, season, comp, row);
  return `ds_${season}${b36(comp, 2)}${b36(row, 3)}${hashChars(h, 5, 62)}${hashChars(mix32(h ^ 0xa5a5a5a5), 5, 62)}`;
}

export function parseServiceId(
  seed: number,
  id: string,
): { season: number; comp: number; row: number } | undefined {
  const m = /^ds_([0-9])([0-9a-z]{2})([0-9a-z]{3})[0-9A-Za-z]{10}$/.exec(id);
  if (!m) return undefined;
  const season = Number(m[1]);
  const comp = Number.parseInt(m[2] ?? '', 36);
  const row = Number.parseInt(m[3] ?? '', 36);
  return serviceId(seed, season, comp, row) === id ? { season, comp, row } : undefined;
}

function clubLikeId(prefix: 't' | 'c', tag: number, seed: number, comp: number, team: number): string {
  return `${prefix}${b36(comp, 2)}${b36(team, 2)}${hashChars(hash(seed, tag, comp, team), 3, 36)}`;
}

function parseClubLike(
  prefix: 't' | 'c',
  tag: number,
  seed: number,
  id: string,
): { comp: number; team: number } | undefined {
  const m = new RegExp(`^${prefix}([0-9a-z]{2})([0-9a-z]{2})[0-9a-z]{3}$`).exec(id);
  if (!m) return undefined;
  const comp = Number.parseInt(m[1] ?? '', 36);
  const team = Number.parseInt(m[2] ?? '', 36);
  return clubLikeId(prefix, tag, seed, comp, team) === id ? { comp, team } : undefined;
}

export const teamId = (seed: number, comp: number, team: number) =>
  clubLikeId('t', TAG.teamId, seed, comp, team);
export const parseTeamId = (seed: number, id: string) => parseClubLike('t', TAG.teamId, seed, id);
export const coachId = (seed: number, comp: number, team: number) =>
  clubLikeId('c', TAG.coachId, seed, comp, team);
export const parseCoachId = (seed: number, id: string) => parseClubLike('c', TAG.coachId, seed, id);
