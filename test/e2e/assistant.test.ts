// Roles in English, resources, prompts and completions through a real SDK Client (InMemoryTransport)
// against the sandbox over real HTTP.
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { call, sandboxClient, structured, textOf, useSandboxSession } from '../support/mcp.js';
import { plannedCalls, promptText } from '../support/prompts.js';

const session = useSandboxSession();

function requestsTo(prefix: string): number {
  return session.sandbox.requests().filter((r) => r.path.startsWith(prefix)).length;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON resources loosely
function jsonOf(result: ReadResourceResult): any {
  const [content] = result.contents;
  expect(content?.mimeType).toBe('application/json');
  return JSON.parse(content && 'text' in content ? content.text : '');
}

describe('roles in plain English', () => {
  it('rank_players_by_role takes "poacher" and ranks renard_des_surfaces', async () => {
    const result = await call(session.client, 'rank_players_by_role', {
      role: 'poacher',
      league: 'Ligue 1',
      limit: 3,
    });
    const body = structured(result);
    expect(body.role).toBe('renard_des_surfaces');
    expect(body.data).toHaveLength(3);
    expect(textOf(result)).toContain('renard_des_surfaces (poacher) ranking in Ligue 1');
    const sent = session.sandbox
      .requests()
      .filter((r) => r.path.startsWith('/v1/rankings'))
      .at(-1);
    expect(sent?.path).toContain('role=renard_des_surfaces');
  });

  it('rank_players_by_role takes "Ball-playing centre-back" without asking the enums', async () => {
    const before = requestsTo('/v1/enums');
    const body = structured(
      await call(session.client, 'rank_players_by_role', {
        role: 'Ball-playing centre-back',
        league: 'Eredivisie',
        limit: 2,
      }),
    );
    expect(body.role).toBe('defenseur_relanceur');
    expect(requestsTo('/v1/enums')).toBe(before);
  });

  it('scout_players takes English names and shows the label beside each key', async () => {
    const result = await call(session.client, 'scout_players', {
      roles: ['box-to-box', 'mezzala'],
      max_age: 24,
      limit: 5,
    });
    const body = structured(result);
    expect(body.roles).toEqual(['milieu_box_to_box', 'mezzala']);
    expect(textOf(result)).toMatch(/milieu_box_to_box \(box-to-box midfielder\)|mezzala \(mezzala\)/);
  });

  it('refuses a near miss before any ranking request, naming keys with their English labels', async () => {
    const before = requestsTo('/v1/rankings');
    const result = await call(session.client, 'rank_players_by_role', { role: 'ball-playing centre half' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('defenseur_relanceur (ball-playing centre-back)');
    expect(requestsTo('/v1/rankings')).toBe(before);
    const poacher = await call(session.client, 'rank_players_by_role', { role: 'poachers' });
    expect(textOf(poacher)).toContain('renard_des_surfaces (poacher)');
  });

  it('list_roles gives each role its English name by family, in both forms', async () => {
    const result = await call(session.client, 'list_roles');
    const body = structured(result);
    expect(body.data.forward.renard_des_surfaces).toBe('poacher');
    const names = Object.values(body.data as Record<string, Record<string, string>>).flatMap(Object.values);
    expect(names.filter(Boolean).length).toBeGreaterThanOrEqual(31);
    expect(textOf(result)).toContain('defenseur_relanceur (ball-playing centre-back)');
    expect(textOf(result)).toContain('football://roles');
  });
});

describe('resources', () => {
  it('lists the four resources and the five templates', async () => {
    const { resources } = await session.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        'football://roles',
        'football://leagues',
        'football://glossary',
        'football://watchlists',
      ]),
    );
    // The roles template lists its 31 roles (no upstream); the others list nothing, to spend no quota.
    expect(uris).toContain('football://roles/renard_des_surfaces');
    expect(uris.filter((u) => u.startsWith('football://roles/'))).toHaveLength(31);
    const { resourceTemplates } = await session.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'football://charts/{id}.png',
      'football://glossary/{entry}',
      'football://leagues/{league}',
      'football://roles/{role}',
      'football://watchlists/{name}',
    ]);
  });

  it('reads football://roles: the 31 roles in English, described, with aliases and the live former keys', async () => {
    const body = jsonOf(await session.client.readResource({ uri: 'football://roles' }));
    expect(body.live_enums).toBe(true);
    for (const key of ROLE_KEYS) expect(body.data.map((r: { key: string }) => r.key)).toContain(key);
    expect(body.data.flatMap((r: { deprecated_keys: string[] }) => r.deprecated_keys)).toHaveLength(6);
    const poacher = body.data.find((r: { key: string }) => r.key === 'renard_des_surfaces');
    expect(poacher).toMatchObject({ family: 'forward', label: 'poacher' });
    expect(poacher.aliases).toContain('fox in the box');
    expect(poacher.description.length).toBeGreaterThan(10);
  });

  it('reads football://roles/{role} by key and by English name', async () => {
    const byKey = jsonOf(await session.client.readResource({ uri: 'football://roles/faux_9' }));
    expect(byKey).toMatchObject({ key: 'faux_9', label: 'false nine', family: 'forward' });
    const byName = jsonOf(await session.client.readResource({ uri: 'football://roles/target%20man' }));
    expect(byName.key).toBe('attaquant_pivot');
    await expect(session.client.readResource({ uri: 'football://roles/poachr' })).rejects.toThrow(
      /renard_des_surfaces \(poacher\)/,
    );
  });

  it('reads football://leagues and one league by name', async () => {
    const all = jsonOf(await session.client.readResource({ uri: 'football://leagues' }));
    expect(all.data.length).toBeGreaterThanOrEqual(100);
    const one = jsonOf(await session.client.readResource({ uri: 'football://leagues/Ligue%201' }));
    expect(one.name).toBe('Ligue 1');
    await expect(session.client.readResource({ uri: 'football://leagues/Ligue1' })).rejects.toThrow(
      /Closest: Ligue 1/,
    );
  });

  it('reads football://glossary and one entry', async () => {
    const all = jsonOf(await session.client.readResource({ uri: 'football://glossary' }));
    expect(all.data.length).toBeGreaterThan(31);
    const key = all.data[0].key as string;
    const one = jsonOf(await session.client.readResource({ uri: `football://glossary/${key}` }));
    expect(one).toEqual(all.data[0]);
    await expect(session.client.readResource({ uri: 'football://glossary/no_such_stat' })).rejects.toThrow(
      /No glossary entry/,
    );
  });

  it('answers a repeated read from the cache, with no upstream request', async () => {
    await session.client.readResource({ uri: 'football://leagues' });
    const before = session.sandbox.requestCount();
    await session.client.readResource({ uri: 'football://leagues' });
    await session.client.readResource({ uri: 'football://leagues/Eredivisie' });
    expect(session.sandbox.requestCount()).toBe(before);
  });

  it('reports an upstream refusal as an error with our text, never the key', async () => {
    const { client: bad, close } = await sandboxClient(session.sandbox.url, 'fd_live_not_a_real_key_000000');
    try {
      await expect(bad.readResource({ uri: 'football://leagues' })).rejects.toThrow(/refused the API key/);
      // The role table still answers from the documented roles.
      const roles = jsonOf(await bad.readResource({ uri: 'football://roles' }));
      expect(roles.live_enums).toBe(false);
      expect(roles.enums_problem).toBe('GET /v1/enums failed: the key was refused (401)');
      expect(roles.data).toHaveLength(31);
    } finally {
      await close();
    }
  });
});

describe('completions', () => {
  const complete = async (
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
    name: string,
    value: string,
  ) => (await session.client.complete({ ref, argument: { name, value } })).completion.values;

  it('completes role on the prompt with keys and English names', async () => {
    expect(await complete({ type: 'ref/prompt', name: 'role_shortlist' }, 'role', 'poach')).toEqual([
      'poacher',
      'goal poacher',
    ]);
    expect(await complete({ type: 'ref/prompt', name: 'role_shortlist' }, 'role', 'defenseur_re')).toEqual([
      'defenseur_relanceur',
    ]);
  });

  it('completes a position word with the roles of its family, each of them accepted', async () => {
    const values = await complete({ type: 'ref/prompt', name: 'role_shortlist' }, 'role', 'CB');
    expect(values).toEqual(expect.arrayContaining(['defenseur_relanceur', 'ball-playing centre-back']));
    expect(values.every((v) => /defenseur|centre-back/.test(v))).toBe(true);
  });

  it('completes role on the template with keys only', async () => {
    const values = await complete({ type: 'ref/resource', uri: 'football://roles/{role}' }, 'role', 'target');
    expect(values).toEqual(['attaquant_pivot']);
  });

  it('completes league from the live list, by name or country', async () => {
    const prompt = await complete({ type: 'ref/prompt', name: 'role_shortlist' }, 'league', 'eredi');
    expect(prompt[0]).toBe('Eredivisie');
    const template = await complete(
      { type: 'ref/resource', uri: 'football://leagues/{league}' },
      'league',
      'ligue',
    );
    expect(template).toContain('Ligue 1');
    const leagues = jsonOf(await session.client.readResource({ uri: 'football://leagues' })).data;
    const france = leagues
      .filter((l: { country: string }) => l.country === 'France')
      .map((l: { name: string }) => l.name);
    expect(await complete({ type: 'ref/prompt', name: 'role_shortlist' }, 'league', 'France')).toEqual(
      expect.arrayContaining(france),
    );
  });

  it('completes season with the seasons the API covers for the key, newest first', async () => {
    const all = await complete({ type: 'ref/prompt', name: 'role_shortlist' }, 'season', '');
    const leagues = jsonOf(await session.client.readResource({ uri: 'football://leagues' })).data as {
      seasons?: string[];
    }[];
    const covered = [...new Set(leagues.flatMap((l) => l.seasons ?? []))].sort().reverse();
    expect(covered.length).toBeGreaterThan(0);
    expect(all).toEqual(covered);
    expect(await complete({ type: 'ref/prompt', name: 'compare_shortlist' }, 'season', '2025')).toEqual([
      '25-26',
    ]);
  });

  it('completes glossary entries on the template', async () => {
    const values = await complete(
      { type: 'ref/resource', uri: 'football://glossary/{entry}' },
      'entry',
      'progressive',
    );
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(v).toContain('progressive');
  });
});

describe('prompts', () => {
  it('lists the five prompts with their arguments', async () => {
    const { prompts } = await session.client.listPrompts();
    const shape = Object.fromEntries(
      prompts.map((p) => [p.name, (p.arguments ?? []).map((a) => `${a.name}${a.required ? '' : '?'}`)]),
    );
    expect(shape).toEqual({
      player_report: ['player', 'club?'],
      role_shortlist: ['role', 'league?', 'season?', 'max_age?'],
      compare_shortlist: ['players', 'season?'],
      find_replacement: ['player', 'club?'],
      weekly_watchlist: ['watchlist', 'budget'],
    });
    for (const p of prompts) expect(p.description?.length).toBeGreaterThan(30);
  });

  it('player_report: search the name, then one scouting_report call with the club', async () => {
    const text = promptText(
      await session.client.getPrompt({
        name: 'player_report',
        arguments: { player: 'Mbaye', club: 'RC Lens' },
      }),
    );
    expect(text).toContain('search_players with {"query":"Mbaye","limit":5}');
    expect(text).toContain('scouting_report with {"player_id":"<service_id>","club":"RC Lens"}');
    expect(text.indexOf('search_players')).toBeLessThan(text.indexOf('scouting_report'));
    expect(text).toMatch(/quota/);
  });

  it('player_report: a service_id skips the search', async () => {
    const text = promptText(
      await session.client.getPrompt({ name: 'player_report', arguments: { player: 'ds_AbCdEfGh12345678' } }),
    );
    expect(text).not.toContain('search_players with');
    expect(text).toContain('scouting_report with {"player_id":"ds_AbCdEfGh12345678"}');
  });

  it('role_shortlist: an English role, a league, a season and an age become scout_players arguments', async () => {
    const before = session.sandbox.requestCount();
    const text = promptText(
      await session.client.getPrompt({
        name: 'role_shortlist',
        arguments: {
          role: 'ball-playing centre-back',
          league: 'Eredivisie',
          season: '2025/26',
          max_age: '23',
        },
      }),
    );
    expect(text).toContain('defenseur_relanceur (ball-playing centre-back');
    expect(text).toContain(
      'scout_players with {"roles":["defenseur_relanceur"],"league":"Eredivisie","season":"25-26","max_age":23,"limit":15}',
    );
    expect(text).toContain('compare_players');
    // Building the prompt spends nothing upstream.
    expect(session.sandbox.requestCount()).toBe(before);
  });

  it('role_shortlist: without an age it ranks by role', async () => {
    const text = promptText(
      await session.client.getPrompt({ name: 'role_shortlist', arguments: { role: 'poacher' } }),
    );
    expect(text).toContain('rank_players_by_role with {"role":"renard_des_surfaces","limit":15}');
  });

  it('role_shortlist: refuses an unknown role or season with what to do', async () => {
    await expect(
      session.client.getPrompt({ name: 'role_shortlist', arguments: { role: 'poachr' } }),
    ).rejects.toThrow(/renard_des_surfaces \(poacher\)/);
    await expect(
      session.client.getPrompt({
        name: 'role_shortlist',
        arguments: { role: 'poacher', season: 'last year' },
      }),
    ).rejects.toThrow(/25-26/);
  });

  it('compare_shortlist: one resolve_players call for the names, one compare_players call', async () => {
    const text = promptText(
      await session.client.getPrompt({
        name: 'compare_shortlist',
        arguments: { players: 'Mbaye, Okafor; ds_AbCdEfGh12345678', season: '25-26' },
      }),
    );
    expect(text).toContain('resolve_players with {"players":[{"name":"Mbaye"},{"name":"Okafor"}]}');
    expect(text).toContain(
      'compare_players with {"player_ids":["ds_AbCdEfGh12345678","<service_id>","<service_id>"],"season":"25-26"}',
    );
    await expect(
      session.client.getPrompt({ name: 'compare_shortlist', arguments: { players: 'Mbaye' } }),
    ).rejects.toThrow(/2-10 players/);
  });

  it('find_replacement: player record, scouting by his roles, then fit for the club', async () => {
    const text = promptText(
      await session.client.getPrompt({
        name: 'find_replacement',
        arguments: { player: 'Mbaye', club: 'RC Lens' },
      }),
    );
    const order = ['search_players', 'get_player', 'scout_players', 'fit_score'].map((tool) =>
      text.indexOf(`${tool} with`),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('"sections":["roles","similar"]');
    expect(text).toContain('"club":"RC Lens"');
    expect(text).toContain('one plays for RC Lens, take that one');
    const own = promptText(
      await session.client.getPrompt({ name: 'find_replacement', arguments: { player: 'p20c079cavd' } }),
    );
    expect(own).not.toContain('search_players with');
    expect(own).toContain('get_player with {"player_id":"p20c079cavd"');
    expect(own).toContain('"club":"<his current club>"');
  });

  it('names only tools that exist', async () => {
    const { tools } = await session.client.listTools();
    const known = new Set(tools.map((t) => t.name));
    const { prompts } = await session.client.listPrompts();
    const samples: Record<string, Record<string, string>> = {
      player_report: { player: 'Mbaye', club: 'RC Lens' },
      role_shortlist: { role: 'poacher', max_age: '21' },
      compare_shortlist: { players: 'Mbaye, Okafor' },
      find_replacement: { player: 'Mbaye' },
      weekly_watchlist: { watchlist: 'Night shift', budget: '60' },
    };
    const made = await call(session.client, 'update_watchlist', {
      watchlist: 'Night shift',
      add: [{ player_id: 'ds_00q03lCG7IJOTx2V' }],
    });
    expect(made.isError, textOf(made)).toBeFalsy();
    for (const prompt of prompts) {
      const text = promptText(
        await session.client.getPrompt({ name: prompt.name, arguments: samples[prompt.name] ?? {} }),
      );
      for (const [, tool] of text.matchAll(/\b([a-z]+(?:_[a-z]+)+) with \{/g)) expect(known).toContain(tool);
    }
  });

  it('role_shortlist runs end to end on the sandbox with the arguments it gives', async () => {
    const text = promptText(
      await session.client.getPrompt({
        name: 'role_shortlist',
        arguments: { role: 'ball-playing centre-back', league: 'Eredivisie', max_age: '23' },
      }),
    );
    const [scout, compare] = plannedCalls(text);
    expect(scout?.tool).toBe('scout_players');
    const shortlist = structured(await call(session.client, 'scout_players', scout?.args));
    expect(shortlist.data.length).toBeGreaterThanOrEqual(2);
    for (const p of shortlist.data) expect(p.age).toBeLessThanOrEqual(23);
    const ids = shortlist.data
      .slice(0, 5)
      .map((p: { service_id: string; player_id: string }) => p.service_id ?? p.player_id);
    expect(compare?.tool).toBe('compare_players');
    const compared = structured(
      await call(session.client, 'compare_players', { ...compare?.args, player_ids: ids }),
    );
    expect(compared.data).toHaveLength(ids.length);
  });

  it('compare_shortlist runs end to end on the sandbox with the arguments it gives', async () => {
    const ranking = structured(
      await call(session.client, 'rank_players_by_role', { role: 'poacher', league: 'Ligue 1', limit: 3 }),
    );
    const [first, second, third] = ranking.data as { name: string; service_id: string }[];
    const text = promptText(
      await session.client.getPrompt({
        name: 'compare_shortlist',
        arguments: { players: `${first?.name}, ${second?.name}, ${third?.service_id}` },
      }),
    );
    const [resolve, compare] = plannedCalls(text);
    expect(resolve?.tool).toBe('resolve_players');
    const resolved = structured(await call(session.client, 'resolve_players', resolve?.args));
    const ids = resolved.data.map(
      (r: { service_id: string | null; candidates?: { service_id: string }[] }) =>
        r.service_id ?? r.candidates?.[0]?.service_id,
    );
    expect(compare?.tool).toBe('compare_players');
    const planned = (compare?.args.player_ids ?? []) as string[];
    const placeholders = planned.filter((id) => id === '<service_id>');
    expect(placeholders).toHaveLength(ids.length);
    const player_ids = [...planned.filter((id) => id !== '<service_id>'), ...ids];
    const compared = structured(
      await call(session.client, 'compare_players', { ...compare?.args, player_ids }),
    );
    expect(compared.data).toHaveLength(3);
  });
});
