// get_player and scouting_report through a real SDK Client against the sandbox over real HTTP:
// sections, parallel parts and their cost, failing parts, progress notifications, cancellation.
import type { Progress } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sandboxClient, structured, textOf, useSandboxSession } from '../support/mcp.js';
import { startProxy } from '../support/proxy.js';

const session = useSandboxSession();
/** A Ligue 1 centre-back and another Ligue 1 club, taken from a ranking (never hard-coded). */
let serviceId: string;
let otherClub: string;

const opened: { close(): Promise<void> }[] = [];

/** A client whose server talks to the sandbox through a proxy applying `rule`. */
async function clientBehind(rule: Parameters<typeof startProxy>[1]) {
  const proxy = await startProxy(session.sandbox.url, rule);
  const proxied = await sandboxClient(proxy.url, session.sandbox.demoKey, {
    config: { timeoutMs: 60_000, retries: 0 },
  });
  await proxied.client.listTools();
  opened.push(proxied, proxy);
  return { client: proxied.client, proxy };
}

beforeAll(async () => {
  // Listing first makes the client check every structuredContent against the listed outputSchema.
  await session.client.listTools();
  const ranking = structured(
    await call(session.client, 'rank_players_by_role', {
      role: 'defenseur_relanceur',
      league: 'Ligue 1',
      limit: 20,
    }),
  );
  const linked = ranking.data.find((e: { service_id: string | null }) => e.service_id);
  serviceId = linked.service_id;
  otherClub = ranking.data.find((e: { club: string }) => e.club !== linked.club).club;
});

afterAll(async () => {
  for (const item of opened.reverse()) await item.close();
});

describe('get_player', () => {
  it('returns the record and the default sections, one request each, in parallel', async () => {
    const before = session.sandbox.requestCount();
    const result = await call(session.client, 'get_player', { player_id: serviceId });
    const body = structured(result);
    expect(body.data.player).toMatchObject({ service_id: serviceId, league: 'Ligue 1' });
    expect(body.data.player.primary_role).toEqual(expect.any(String));
    expect(body.data.roles).toHaveLength(5);
    expect(body.data.roles[0].score).toBeGreaterThanOrEqual(body.data.roles[4].score);
    expect(body.data.strengths.strengths.length + body.data.strengths.weaknesses.length).toBeGreaterThan(0);
    expect(body.data.market_value.value_eur).toBeGreaterThan(0);
    expect(body.data).not.toHaveProperty('statistics');
    expect(body.data).not.toHaveProperty('unavailable');
    // The record, three sections and the glossary (strengths name statistics).
    expect(body.requests).toEqual({ planned: 5, sent: 5, from_cache: 0 });
    expect(session.sandbox.requestCount() - before).toBe(5);
    const text = textOf(result);
    expect(text).toContain(`(${serviceId})`);
    expect(text).toMatch(/### Best roles\n\| role \| score \|/);
    expect(text).toContain('### Market value');
  });

  it('serves a repeated call from the cache, at no quota cost', async () => {
    const before = session.sandbox.requestCount();
    const body = structured(await call(session.client, 'get_player', { player_id: serviceId }));
    expect(session.sandbox.requestCount()).toBe(before);
    expect(body.requests).toEqual({ planned: 5, sent: 0, from_cache: 5 });
    expect(body.source.cached).toBe(true);
  });

  it('returns every section asked for, and says when similar profiles stopped at similar_limit', async () => {
    const result = await call(session.client, 'get_player', {
      player_id: serviceId,
      sections: ['statistics', 'projections', 'similar'],
      similar_limit: 3,
    });
    const body = structured(result);
    expect(Object.keys(body.data).sort()).toEqual(['player', 'projections', 'similar', 'statistics']);
    expect(Object.keys(body.data.statistics.values).length).toBeGreaterThan(10);
    expect(body.data.projections.length).toBeGreaterThan(0);
    expect(body.data.similar).toHaveLength(3);
    expect(body.data.similar.every((p: { service_id: string }) => p.service_id !== serviceId)).toBe(true);
    expect(body.has_more).toBe(true);
    expect(body.notes).toEqual([expect.stringContaining('raise similar_limit (up to 50)')]);
    const similarCall = session.sandbox.requests().find((r) => r.path.includes('/similar'));
    // Asked at the full page, cut locally: another similar_limit costs nothing.
    expect(similarCall?.path).toContain('limit=50');
  });

  it('reports a section the upstream refuses under unavailable, and still returns the others', async () => {
    const { client: c } = await clientBehind((path) =>
      path.includes('/strengths') ? { status: 403 } : 'pass',
    );
    const result = await call(c, 'get_player', { player_id: serviceId });
    expect(result.isError).toBeFalsy();
    const body = structured(result);
    expect(body.data.unavailable).toEqual([
      { section: 'strengths', error: expect.stringContaining('plan does not cover') },
    ]);
    expect(body.data).not.toHaveProperty('strengths');
    expect(body.data.roles).toHaveLength(5);
    expect(body.requests.sent).toBe(5);
    expect(textOf(result)).toMatch(/### Unavailable\n- strengths: The API key's plan/);
  });

  it('fails as a whole, with the id hint, when the record itself is unknown', async () => {
    const result = await call(session.client, 'get_player', { player_id: 'ds_0000000000000000' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/No player with that id.*resolve_players/);
  });

  it('refuses an unknown section before any request', async () => {
    const before = session.sandbox.requestCount();
    const result = await call(session.client, 'get_player', { player_id: serviceId, sections: ['salary'] });
    expect(result.isError).toBe(true);
    expect(session.sandbox.requestCount()).toBe(before);
  });
});

describe('statistic names without the glossary', () => {
  it.each([404, 503])(
    'get_player and scouting_report name statistics from their keys, with a note, when the glossary answers %i',
    async (status) => {
      const { client: c } = await clientBehind((path) => (path.includes('/glossary') ? { status } : 'pass'));
      const results = [
        await call(c, 'get_player', { player_id: serviceId, sections: ['statistics', 'strengths'] }),
        await call(c, 'scouting_report', { player_id: serviceId }),
      ];
      for (const result of results) {
        expect(result.isError, textOf(result)).toBeFalsy();
        const body = structured(result);
        const text = textOf(result);
        const strengths = [...body.data.strengths.strengths, ...body.data.strengths.weaknesses];
        expect(strengths.length).toBeGreaterThan(0);
        expect(body.notes).toContainEqual(
          expect.stringContaining(`The glossary could not be read (the glossary answered ${status})`),
        );
        expect(text).toContain(
          `Note: The glossary could not be read (the glossary answered ${status}): statistics are named from their keys`,
        );
        expect(body.statistic_names).toBeUndefined();
        // The refused glossary request is counted with the others.
        expect(body.requests.sent + body.requests.from_cache).toBe(result === results[0] ? 4 : 8);
        // Each statistic in the key's words ("pass completion %"), never the key itself.
        for (const { statistic } of strengths) {
          expect(text.toLowerCase()).toContain(`${statistic.replace(/_pct$/, ' %').replaceAll('_', ' ')} `);
          if (statistic.includes('_')) expect(text).not.toMatch(new RegExp(`\\b${statistic}\\b`));
        }
      }
      expect(textOf(results[0] as (typeof results)[number])).toMatch(/pass completion % [\d.]+ · /);
    },
  );
});

describe('statistic names without the glossary, continued', () => {
  it.each([404, 503])(
    'rank_players_by_statistic and comparison_group answer with their keys unchecked when the glossary answers %i',
    async (status) => {
      const { client: c } = await clientBehind((path) => (path.includes('/glossary') ? { status } : 'pass'));
      const ranked = await call(c, 'rank_players_by_statistic', {
        statistic: 'progressive_passes',
        league: 'Ligue 1',
        limit: 3,
      });
      const group = await call(c, 'comparison_group', {
        x: 'progressive_passes',
        y: 'pass_completion_pct',
        league: 'Ligue 1',
        limit: 3,
      });
      expect(textOf(ranked)).toContain('progressive passes (per 90) ranking in Ligue 1');
      expect(structured(ranked).data).toHaveLength(3);
      expect(structured(group).data).toHaveLength(3);
      const unchecked = (key: string) =>
        `The statistic "${key}" could not be checked against the glossary (the glossary answered ${status}): it was sent as given`;
      expect(structured(group).notes).toContainEqual(
        expect.stringContaining(unchecked('pass_completion_pct')),
      );
      for (const result of [ranked, group]) {
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(structured(result).notes).toContainEqual(
          expect.stringContaining(unchecked('progressive_passes')),
        );
        expect(textOf(result)).toContain(`Note: ${unchecked('progressive_passes')}`);
        // The key's words; a unit only where the answer itself gives one (the ranking does).
        expect(textOf(result)).toContain('progressive passes');
      }
      // An unknown key goes on too: the API's refusal reaches the caller, saying where the keys are.
      const refused = [
        await call(c, 'rank_players_by_statistic', { statistic: 'progresive_pases', league: 'Ligue 1' }),
        await call(c, 'comparison_group', { x: 'xg', y: 'tacklez', league: 'Ligue 1' }),
      ];
      for (const result of refused) {
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(
          /rejected the argument "(statistic|y)".*statistic keys from get_glossary/,
        );
      }
    },
  );

  it('a refused key is the key error, whether or not the glossary could be read', async () => {
    const { client: c } = await clientBehind(() => ({ status: 401 }));
    for (const result of [
      await call(c, 'rank_players_by_statistic', { statistic: 'xg', league: 'Ligue 1' }),
      await call(c, 'comparison_group', { x: 'xg', y: 'tackles', league: 'Ligue 1' }),
    ]) {
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('The Football API refused the API key');
    }
  });
});

describe('statistic names from a glossary read only in part', () => {
  /** The statistics whose entries the glossary will not give: two of the player's strengths and weaknesses. */
  const missing = new Set<string>();
  /** Every glossary entry but those of `missing`, as `reshape` leaves it. */
  const glossaryWithout =
    (
      missing: ReadonlySet<string>,
      reshape: (body: { data: { key: string }[] }, kept: unknown[]) => unknown,
    ) =>
    (path: string) =>
      path.includes('/glossary')
        ? {
            reshape: (body: unknown) => {
              const b = body as { data: { key: string }[] };
              return reshape(
                b,
                b.data.filter((e) => !missing.has(e.key)),
              );
            },
          }
        : ('pass' as const);

  it.each([
    [
      'pages not read',
      (b: { data: unknown[] }, kept: unknown[]) => ({ ...b, data: kept, has_more: true }),
      'the glossary was read only in part',
    ],
    [
      'entries unreadable',
      (b: { data: { key: string }[] }) => ({
        ...b,
        data: b.data.map((e) => (missing.has(e.key) ? { kind: 'statistic', definition: 'unkeyed' } : e)),
      }),
      'without a key the server could read',
    ],
  ] as const)('names the statistics it did not name (%s), and why', async (kind, reshape, why) => {
    const asked = { player_id: serviceId, sections: ['statistics', 'strengths'] };
    const whole = structured(await call(session.client, 'get_player', asked));
    const shown: string[] = [...whole.data.strengths.strengths, ...whole.data.strengths.weaknesses].map(
      (s: { statistic: string }) => s.statistic,
    );
    expect(shown.length).toBeGreaterThan(2);
    missing.clear();
    for (const key of shown.slice(0, 2)) missing.add(key);
    const { client: c } = await clientBehind(glossaryWithout(missing, reshape));
    const result = await call(c, 'get_player', asked);
    expect(result.isError, textOf(result)).toBeFalsy();
    const body = structured(result);
    const note = ((body.notes ?? []) as string[]).find((n) =>
      n.startsWith("Named from their keys, without the glossary's name and unit"),
    );
    expect(note, body.notes.join('\n')).toContain(why);
    for (const key of missing) expect(note).toContain(key);
    // Only those: the glossary named the others.
    for (const key of shown.filter((k) => !missing.has(k)))
      expect(note).not.toMatch(new RegExp(`\\b${key}\\b`));
    // 'pages not read' says has_more with no way on: the rows after the last entry are asked once
    // (Stripe's starting_after), and the same rows come back.
    expect(body.requests.sent + body.requests.from_cache).toBe(kind === 'pages not read' ? 5 : 4);
    // The key check says the same of a key it could not find.
    const [key] = missing;
    const ranked = await call(c, 'rank_players_by_statistic', {
      statistic: key,
      league: 'Ligue 1',
      limit: 3,
    });
    expect(ranked.isError, textOf(ranked)).toBeFalsy();
    expect(structured(ranked).notes).toContainEqual(
      expect.stringMatching(
        new RegExp(`^The statistic "${key}" could not be checked against the glossary \\(.*${why}`),
      ),
    );
  });
});

describe('scouting_report', () => {
  it('assembles the report in parallel, with progress notifications and its cost', async () => {
    const progress: Progress[] = [];
    const before = session.sandbox.requestCount();
    const result = (await session.client.callTool(
      { name: 'scouting_report', arguments: { player_id: serviceId, club: otherClub } },
      { onprogress: (p) => progress.push(p) },
    )) as Awaited<ReturnType<typeof call>>;
    const body = structured(result);
    expect(body.data.player.service_id).toBe(serviceId);
    expect(body.data.history.length).toBeGreaterThan(0);
    expect(body.data.history.some((h: { season: string }) => h.season === body.data.player.season)).toBe(
      true,
    );
    expect(body.data.roles).toHaveLength(5);
    expect(body.data.strengths).toBeDefined();
    expect(body.data.market_value.value_eur).toBeGreaterThan(0);
    expect(body.data.projections.length).toBeGreaterThan(0);
    expect(body.data.similar).toHaveLength(5);
    expect(body.data.fit).toMatchObject({ club: otherClub, score: expect.any(Number) });
    // get_player above cached the record, roles, strengths, market value, projections, similar (the
    // full page, whatever similar_limit) and the glossary; history and fit are new.
    expect(body.requests).toEqual({ planned: 14, sent: 2, from_cache: 7 });
    expect(session.sandbox.requestCount() - before).toBe(2);
    // First the plan, before any request; then each part as it lands.
    expect(progress.map((p) => p.progress)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(progress[0]?.message).toBe(
      "up to 14 requests (record, seasons, 5 sections, glossary, fit, and the club named again if the API knows it by another name, the club's side of his football checked, when it plays in another league); cached answers are free",
    );
    expect(progress.every((p) => p.total === 9 && typeof p.message === 'string')).toBe(true);
    const text = textOf(result);
    expect(text).toMatch(/^Season [^\n]+\n# Scouting report\n## /);
    for (const heading of [
      '### Seasons',
      '### Best roles',
      '### Strengths and weaknesses',
      '### Market value',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(`### Fit for ${otherClub}`);
    expect(text).toContain('Requests: 2 sent, 7 from the cache (planned at most 14).');
  });

  it('says whether more similar profiles exist, as get_player does: cut at similar_limit, or read in part', async () => {
    for (const similar_limit of [3, 20]) {
      const report = structured(
        await call(session.client, 'scouting_report', { player_id: serviceId, similar_limit }),
      );
      const player = structured(
        await call(session.client, 'get_player', {
          player_id: serviceId,
          sections: ['similar'],
          similar_limit,
        }),
      );
      expect(report.data.similar).toHaveLength(similar_limit);
      expect(report.has_more).toBe(true);
      expect(report.has_more).toBe(player.has_more);
      expect(report.notes).toContainEqual(
        expect.stringContaining(
          similar_limit < 20 ? 'raise similar_limit (up to 20)' : 'the most one call returns',
        ),
      );
    }
    // The similar list's first page holds 2 rows and a next link; the next page fails: fewer rows than
    // asked, and more exist all the same.
    const { client: c } = await clientBehind((path) =>
      !path.includes('/similar')
        ? 'pass'
        : path.includes('page=2')
          ? { status: 500 }
          : {
              reshape: (body) => {
                const { data } = body as { data: unknown[] };
                return { ...(body as object), data: data.slice(0, 2), links: { next: `${path}&page=2` } };
              },
            },
    );
    const report = structured(await call(c, 'scouting_report', { player_id: serviceId, similar_limit: 5 }));
    expect(report.data.similar).toHaveLength(2);
    expect(report.has_more).toBe(true);
    expect(report.notes.join(' ')).toMatch(/similar: Page 2 of the list could not be read/);
  });

  it('costs nothing the second time', async () => {
    const before = session.sandbox.requestCount();
    const body = structured(
      await call(session.client, 'scouting_report', { player_id: serviceId, club: otherClub }),
    );
    expect(session.sandbox.requestCount()).toBe(before);
    expect(body.requests).toEqual({ planned: 14, sent: 0, from_cache: 9 });
  });

  it('counts every request the sandbox received, the club hint’s too, cold then warm', async () => {
    // A server of its own: a cold cache. "Reims" is refused by the fit route; the team search names
    // "Racing Club de Reims", and the fit is asked again for it.
    const { sandbox } = session;
    const fresh = await sandboxClient(sandbox.url, sandbox.demoKey);
    opened.push(fresh);
    const c = fresh.client;
    await c.listTools();
    const ask = async () => {
      const before = sandbox.requestCount();
      const result = await call(c, 'scouting_report', { player_id: serviceId, club: 'Reims' });
      expect(result.isError, textOf(result)).toBeFalsy();
      const count = sandbox.requestCount() - before;
      return { result, received: count > 0 ? sandbox.requests().slice(-count) : [] };
    };
    const cold = await ask();
    const body = structured(cold.result);
    expect(textOf(cold.result)).toContain('club "Reims" read as "Racing Club de Reims"');
    expect(body.data.fit).toMatchObject({ club: 'Racing Club de Reims', score: expect.any(Number) });
    expect(cold.received.some((r) => r.path.includes('/teams'))).toBe(true);
    expect(body.requests).toEqual({ planned: 14, sent: cold.received.length, from_cache: 0 });
    expect(cold.received.length).toBeLessThanOrEqual(11);
    expect(textOf(cold.result)).toContain(
      `Requests: ${cold.received.length} sent, 0 from the cache (planned at most 14).`,
    );
    await fresh.deps.api.settled();
    // Asked again: what was answered comes from the cache; the refusal of "Reims" (never cached) is sent again.
    const warm = await ask();
    const again = structured(warm.result);
    expect(again.requests.sent).toBe(warm.received.length);
    expect(again.requests.sent + again.requests.from_cache).toBe(cold.received.length);
    expect(warm.received.every((r) => r.status === 400)).toBe(true);
  });

  it('lists a club it cannot assess under unavailable', async () => {
    const body = structured(
      await call(session.client, 'scouting_report', { player_id: serviceId, club: 'No Such Club Anywhere' }),
    );
    expect(body.data.unavailable).toEqual([{ section: 'fit', error: expect.any(String) }]);
    expect(body.data).not.toHaveProperty('fit');
  });

  it('stops its upstream requests when the client cancels', async () => {
    // The record and history answer; every other part hangs until the client hangs up.
    const { client: c, proxy } = await clientBehind((path) =>
      /\/v1\/players\/[^/?]+(\/history)?(\?|$)/.test(path) ? 'pass' : 'hold',
    );
    const controller = new AbortController();
    const progress: Progress[] = [];
    const pending = c.callTool(
      { name: 'scouting_report', arguments: { player_id: serviceId } },
      {
        signal: controller.signal,
        onprogress: (p) => progress.push(p),
      },
    );
    // Five sections and the glossary.
    await expect.poll(() => proxy.held.length).toBe(6);
    // The plan, then the record and the seasons.
    await expect.poll(() => progress.length).toBe(3);
    const countAtCancel = session.sandbox.requestCount();
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => proxy.closed()).toBe(6);
    // Nothing retried or sent after the cancellation.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.sandbox.requestCount()).toBe(countAtCancel);
    expect(proxy.held).toHaveLength(6);
  });
});
