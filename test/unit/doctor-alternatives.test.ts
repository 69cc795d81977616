// doctor's guesses for an assumed route that answers 404: bounded, likely first, and always a valid
// routes-file entry (same placeholders, documented segments kept).
import { describe, expect, it } from 'vitest';
import { applyRouteOverrides } from '../../src/api/route-overrides.js';
import { ROUTES, type RouteName } from '../../src/api/routes.js';
import { alternativePaths, applyRenames, MAX_TRIES, renamesBetween } from '../../src/doctor/alternatives.js';
import { combinedRoutesFile, planOf, routesFileText } from '../../src/doctor/output.js';
import type { ProbeResult } from '../../src/doctor/run.js';

const ASSUMED = (Object.keys(ROUTES) as RouteName[]).filter((name) => ROUTES[name].status === 'assumed');

describe('alternativePaths', () => {
  it('gives the likely names first', () => {
    expect(alternativePaths('teams', '/v1/teams')).toEqual(['/v1/clubs', '/v1/equipes', '/v1/team']);
    expect(alternativePaths('coaches', '/v1/coaches')[0]).toBe('/v1/entraineurs');
    expect(alternativePaths('playerStatistics', '/v1/players/:id/statistics')[0]).toBe(
      '/v1/players/:id/stats',
    );
    expect(alternativePaths('profile', '/v1/me').slice(0, 2)).toEqual(['/v1/account', '/v1/profile']);
  });

  it('tries the renames learned on earlier routes first', () => {
    const renames = new Map([['teams', 'clubs']]);
    expect(alternativePaths('teamSquad', '/v1/teams/:id/squad', renames)[0]).toBe('/v1/clubs/:id/squad');
    expect(applyRenames('/v1/players/:id/similar', renames)).toBe('/v1/players/:id/similar');
    expect(renamesBetween('/v1/teams/:id', '/v1/clubs/:id')).toEqual([['teams', 'clubs']]);
    expect(renamesBetween('/v1/players/search', '/v1/search/players')).toEqual([]);
  });

  it.each(ASSUMED)('%s: at most MAX_TRIES paths, each a valid routes-file entry', (name) => {
    const paths = alternativePaths(name, ROUTES[name].path);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.length).toBeLessThanOrEqual(MAX_TRIES);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) {
      expect(path).not.toBe(ROUTES[name].path);
      expect(path.startsWith('/v1/')).toBe(true);
      expect(() => applyRouteOverrides(ROUTES, { [name]: { path } }, 'test')).not.toThrow();
    }
  });
});

describe('the plan and the routes file', () => {
  it('states one request per route and the bound of the tries', () => {
    const plan = planOf(ROUTES, 2);
    expect(plan.requests).toBe(Object.keys(ROUTES).length);
    expect(plan.max_requests).toBe(plan.requests + MAX_TRIES * ASSUMED.length);
  });

  it('keeps the given routes file whole and adds the fixes found', () => {
    const results = [{ route: 'teams', fix: { path: '/v1/clubs' } }] as ProbeResult[];
    const given = { fields: { season: ['annee'] }, coaches: { path: '/v1/entraineurs' } };
    const combined = combinedRoutesFile(given, results);
    expect(combined).toEqual({ ...given, teams: { path: '/v1/clubs' } });
    expect(JSON.parse(routesFileText(combined ?? {}))).toEqual(combined);
    expect(combinedRoutesFile(given, [])).toBeUndefined();
  });
});
