import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnumRoles } from '../../src/api/enums.js';
import { InvalidArgumentError, UnauthorizedError, UpstreamServerError } from '../../src/api/errors.js';
import { isRoleKey, ROLE_FAMILIES, ROLE_KEYS, roleFamily } from '../../src/domain/roles.js';
import { RoleCatalog } from '../../src/facts/role-catalog.js';
import { clientFor, mockUpstream, rejectionOf, type Upstream } from './helpers.js';

describe('the 31 documented roles', () => {
  it('are 31 distinct keys in 8 families', () => {
    expect(ROLE_KEYS).toHaveLength(31);
    expect(new Set(ROLE_KEYS).size).toBe(31);
    expect(Object.keys(ROLE_FAMILIES)).toHaveLength(8);
  });

  it('know their family', () => {
    expect(roleFamily('mezzala')).toBe('central_midfielder');
    expect(roleFamily('gardien_moderne')).toBe('goalkeeper');
    expect(isRoleKey('renard_des_surfaces')).toBe(true);
    expect(isRoleKey('regista')).toBe(false);
  });
});

describe('parseEnumRoles', () => {
  it('reads {roles:[{key, deprecated_key}]}', () => {
    expect(
      parseEnumRoles({
        roles: [
          { key: 'mezzala', deprecated_key: null },
          { key: 'meneur_de_jeu_en_retrait', deprecated_key: 'regista', family: 'defensive_midfielder' },
        ],
      }),
    ).toEqual([
      { key: 'mezzala', deprecatedKeys: [] },
      { key: 'meneur_de_jeu_en_retrait', deprecatedKeys: ['regista'], family: 'defensive_midfielder' },
    ]);
  });

  it('reads {data:{roles:[...]}}', () => {
    expect(parseEnumRoles({ data: { roles: [{ key: 'faux_9', deprecated_key: 'false_nine' }] } })).toEqual([
      { key: 'faux_9', deprecatedKeys: ['false_nine'] },
    ]);
  });

  it('reads a role list nested a few levels deep', () => {
    expect(parseEnumRoles({ data: { enums: { positional_roles: ['mezzala'] } } })).toEqual([
      { key: 'mezzala', deprecatedKeys: [] },
    ]);
  });

  it('reads roles given as plain strings', () => {
    expect(parseEnumRoles({ roles: ['mezzala', 'faux_9'] })).toEqual([
      { key: 'mezzala', deprecatedKeys: [] },
      { key: 'faux_9', deprecatedKeys: [] },
    ]);
  });

  it('reads the key from value or id fields', () => {
    expect(
      parseEnumRoles({
        roles: [
          { value: 'mezzala', label: 'Mezzala' },
          { id: 'faux_9', deprecatedKey: 'false_9' },
        ],
      }),
    ).toEqual([
      { key: 'mezzala', deprecatedKeys: [] },
      { key: 'faux_9', deprecatedKeys: ['false_9'] },
    ]);
  });

  it('reads deprecated keys given as an array, and from several fields', () => {
    expect(
      parseEnumRoles({
        roles: [
          { key: 'ailier_buteur', deprecated_keys: ['inside_forward', '', 3], old_key: 'winger_scorer' },
        ],
      }),
    ).toEqual([{ key: 'ailier_buteur', deprecatedKeys: ['inside_forward', 'winger_scorer'] }]);
    expect(parseEnumRoles({ roles: [{ key: 'mezzala', deprecated_key: ['a', 'b'] }] })).toEqual([
      { key: 'mezzala', deprecatedKeys: ['a', 'b'] },
    ]);
  });

  it('skips unreadable items and keeps the readable ones', () => {
    expect(parseEnumRoles({ roles: [null, 42, {}, { key: 7 }, { key: 'mezzala' }] })).toEqual([
      { key: 'mezzala', deprecatedKeys: [] },
    ]);
  });

  for (const garbage of [null, undefined, 'roles', 42, [], {}, { roles: 'mezzala' }, { data: [1, 2] }]) {
    it(`returns [] for ${JSON.stringify(garbage)}`, () => {
      expect(parseEnumRoles(garbage)).toEqual([]);
    });
  }

  it('does not dig deeper than a few levels', () => {
    expect(parseEnumRoles({ a: { b: { c: { d: { e: { roles: ['mezzala'] } } } } } })).toEqual([]);
  });
});

describe('RoleCatalog.resolve', () => {
  let upstream: Upstream;
  beforeEach(() => {
    upstream = mockUpstream();
  });
  afterEach(async () => {
    await upstream.agent.close();
  });

  const enums = { path: '/v1/enums', method: 'GET' } as const;
  const ENUMS = {
    data: {
      roles: [
        { key: 'meneur_de_jeu_en_retrait', deprecated_key: 'regista' },
        { key: 'mezzala', deprecated_key: null },
        { key: 'pivot_defensif', deprecated_key: null },
      ],
    },
  };

  it('a documented key passes with no request', async () => {
    const catalog = new RoleCatalog(clientFor(upstream));
    expect(await catalog.resolve('defenseur_relanceur')).toEqual({ key: 'defenseur_relanceur' });
    expect(upstream.sent).toHaveLength(0);
  });

  it('a documented key written with capitals, accents, spaces or hyphens is folded and passes', async () => {
    const catalog = new RoleCatalog(clientFor(upstream));
    expect(await catalog.resolve(' Défenseur-Relanceur ')).toEqual({ key: 'defenseur_relanceur' });
    expect(await catalog.resolve('meneur de jeu')).toEqual({ key: 'meneur_de_jeu' });
    expect(upstream.sent).toHaveLength(0);
  });

  it('a deprecated key found in the live enums resolves to its new key with renamedFrom', async () => {
    upstream.pool.intercept(enums).reply(200, ENUMS);
    const catalog = new RoleCatalog(clientFor(upstream));
    expect(await catalog.resolve('regista')).toEqual({
      key: 'meneur_de_jeu_en_retrait',
      renamedFrom: 'regista',
    });
    expect(upstream.sent.map((r) => r.path)).toEqual(['/v1/enums']);
  });

  it('a current key known only to the live enums passes', async () => {
    upstream.pool.intercept(enums).reply(200, ENUMS);
    const catalog = new RoleCatalog(clientFor(upstream));
    expect(await catalog.resolve('pivot_defensif')).toEqual({ key: 'pivot_defensif' });
  });

  it('the live enums are fetched once (cached) across resolutions', async () => {
    upstream.pool.intercept(enums).reply(200, ENUMS);
    const catalog = new RoleCatalog(clientFor(upstream));
    await catalog.resolve('regista');
    await catalog.resolve('Regista');
    await rejectionOf(catalog.resolve('nonsense_role'));
    expect(upstream.sent).toHaveLength(1);
  });

  it('an unknown key is refused with the nearest keys as suggestions', async () => {
    upstream.pool.intercept(enums).reply(200, ENUMS);
    const catalog = new RoleCatalog(clientFor(upstream));
    const error = await rejectionOf(catalog.resolve('defenseur_relanceu'));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    const refusal = error as InvalidArgumentError;
    expect(refusal.argument).toBe('role');
    expect(refusal.suggestions[0]).toBe('defenseur_relanceur');
    expect(refusal.suggestions.length).toBeGreaterThan(0);
    expect(refusal.suggestions.length).toBeLessThanOrEqual(3);
    expect(refusal.message).toContain('defenseur_relanceur');
    // Where the keys are listed, in the API's terms: the MCP boundary names the tool (src/mcp/error-hints.ts).
    expect(refusal.lookup).toEqual({ kind: 'roles' });
    expect(refusal.message).not.toContain('could not be read');
    // Only the enums lookup went out; no other route.
    expect(upstream.sent.map((r) => r.path)).toEqual(['/v1/enums']);
  });

  it('a typo of a documented key far from the others suggests it first', async () => {
    upstream.pool.intercept(enums).reply(200, ENUMS);
    const catalog = new RoleCatalog(clientFor(upstream));
    const error = (await rejectionOf(catalog.resolve('renard_des_surface'))) as InvalidArgumentError;
    expect(error.suggestions[0]).toBe('renard_des_surfaces');
  });

  it('uses the argument name it is given', async () => {
    upstream.pool.intercept(enums).reply(200, ENUMS);
    const catalog = new RoleCatalog(clientFor(upstream));
    const error = (await rejectionOf(catalog.resolve('xyz', undefined, 'roles'))) as InvalidArgumentError;
    expect(error.argument).toBe('roles');
  });

  it('a 401 on enums propagates', async () => {
    upstream.pool.intercept(enums).reply(401, {});
    const catalog = new RoleCatalog(clientFor(upstream));
    const error = await rejectionOf(catalog.resolve('regista'));
    expect(error).toBeInstanceOf(UnauthorizedError);
  });

  it('a 5xx on enums propagates', async () => {
    upstream.pool.intercept(enums).reply(500, {});
    const catalog = new RoleCatalog(clientFor(upstream, { retries: 0 }));
    expect(await rejectionOf(catalog.resolve('regista'))).toBeInstanceOf(UpstreamServerError);
  });

  it('a missing (404) or unreadable enums route still refuses with the documented suggestions', async () => {
    upstream.pool.intercept(enums).reply(404, {});
    upstream.pool.intercept(enums).reply(200, 'not json');
    const catalog404 = new RoleCatalog(clientFor(upstream));
    const a = (await rejectionOf(catalog404.resolve('defenseur_relanceu'))) as InvalidArgumentError;
    expect(a).toBeInstanceOf(InvalidArgumentError);
    expect(a.suggestions[0]).toBe('defenseur_relanceur');
    // …and says the API's renamed keys were not known.
    expect(a.message).toContain('GET /v1/enums could not be read');
    const catalogBad = new RoleCatalog(clientFor(upstream));
    const b = await rejectionOf(catalogBad.resolve('defenseur_relanceu'));
    expect(b).toBeInstanceOf(InvalidArgumentError);
  });
});
