// Coaches: search, record, career and tactical profile.
import { ROLE_KEYS } from '../../domain/roles.js';
import { fold } from '../../lib/fold.js';
import type { Team } from '../data/clubs.js';
import { hash, TAG } from '../data/random.js';
import { ROLE_DEFS } from '../data/roles.js';
import { CURRENT_SEASON, seasonInfo } from '../data/seasons.js';
import * as p from '../http/params.js';
import type { Ctx } from './context.js';
import { clubsOf, findCoach } from './lookup.js';
import { coachSummary } from './present.js';

export function coaches(ctx: Ctx) {
  const q = ctx.query;
  const needle = p.text(q.get('q'), 'q', { min: 2, max: 100 });
  const league = p.league(q.get('league'), ctx.access);
  const limit = p.limit(q.get('limit'));
  const pool = clubsOf(ctx, league, CURRENT_SEASON);
  const folded = needle === undefined ? undefined : fold(needle);
  const hits = folded === undefined ? pool : pool.filter((t) => fold(t.coach.name.full).includes(folded));
  return {
    data: hits.slice(0, limit).map(coachSummary),
    meta: { league: league?.name ?? null, total: hits.length, limit },
  };
}

export function coach(ctx: Ctx) {
  const team = findCoach(ctx, ctx.params.id ?? '');
  const c = team.coach;
  return {
    data: {
      ...coachSummary(team),
      first_name: c.name.first,
      last_name: c.name.last,
      birth_year: c.birthYear,
      role: 'head_coach',
      style: styleLabel(team),
    },
  };
}

const yy = (y: number) => String(y % 100).padStart(2, '0');

export function career(ctx: Ctx) {
  const team = findCoach(ctx, ctx.params.id ?? '');
  const s = ctx.world.seed;
  const nowYear = seasonInfo(CURRENT_SEASON).startYear;
  const data = team.coach.stints.map((st, i) => {
    const current = st.to === 0;
    const years = (current ? nowYear + 1 : st.to) - st.from;
    const matches = Math.max(1, Math.round(years * 36 - (current ? 36 * 0.65 : 0)));
    const winShare =
      0.3 + 0.25 * st.team.prestige + (hash(s, TAG.career, team.comp.index, team.index, i + 31) % 10) / 100;
    const wins = Math.round(matches * winShare);
    const draws = Math.round((matches - wins) * 0.4);
    const losses = matches - wins - draws;
    return {
      club: st.team.name,
      team_id: st.team.id,
      league: st.team.comp.name,
      from: `${yy(st.from)}-${yy(st.from + 1)}`,
      to: current ? null : `${yy(st.to - 1)}-${yy(st.to)}`,
      current,
      role: 'head_coach',
      matches,
      wins,
      draws,
      losses,
      points_per_match: Math.round(((3 * wins + draws) / matches) * 100) / 100,
    };
  });
  return { data, meta: { coach_id: team.coach.id, name: team.coach.name.full } };
}

function styleLabel(team: Team): string {
  const st = team.style;
  if (st.pressing >= 65 && st.possession >= 60) return 'positional play with high press';
  if (st.pressing >= 65) return 'high press';
  if (st.possession >= 62) return 'possession';
  if (st.directness >= 62 && st.possession < 45) return 'direct counter-attacking';
  if (st.defensive_line <= 35) return 'low block';
  return 'balanced';
}

export function tacticalProfile(ctx: Ctx) {
  const team = findCoach(ctx, ctx.params.id ?? '');
  const c = team.coach;
  const h = hash(ctx.world.seed, TAG.formation, team.comp.index, team.index + 100);
  const alternatives = ['4-3-3', '4-2-3-1', '3-5-2', '4-4-2', '3-4-3'].filter((f) => f !== c.formation);
  const st = team.style;
  const favoured = ROLE_KEYS.filter((k) => {
    const w = ROLE_DEFS[k].weights;
    if (st.pressing >= 60 && ('pressures' in w || 'ball_recoveries' in w)) return true;
    if (st.possession >= 60 && ('progressive_passes' in w || 'pass_completion_pct' in w)) return true;
    return st.directness >= 60 && ('progressive_carries' in w || 'successful_dribbles' in w);
  }).slice(0, 6);
  return {
    data: {
      coach_id: c.id,
      name: c.name.full,
      team: team.name,
      team_id: team.id,
      formation: c.formation,
      alternative_formations: [
        alternatives[h % alternatives.length],
        alternatives[(h >>> 8) % alternatives.length],
      ].filter((f, i, all) => f !== undefined && all.indexOf(f) === i),
      ...st,
      build_up: st.directness >= 60 ? 'direct' : st.possession >= 60 ? 'short' : 'mixed',
      style: styleLabel(team),
      favoured_roles: favoured,
    },
  };
}
