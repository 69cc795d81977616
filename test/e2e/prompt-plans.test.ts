// The player_report and find_replacement prompts followed end to end, call by call as their message
// writes them, through a real SDK Client against the sandbox: each planned call succeeds, the answer
// holds what the user asked for, and the quota spent is what the prompt says. Plus: prompts whose
// tools are switched off are not offered.
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { selectTools, type ToolChoice } from '../../src/app/tool-selection.js';
import { PROMPTS } from '../../src/mcp/prompts/index.js';
import { TOOLS } from '../../tools/index.js';
import { call, sandboxClient, structured, textOf, useSandbox } from '../support/mcp.js';
import { fill, type PlannedCall, plannedCalls, promptText } from '../support/prompts.js';

const sandbox = useSandbox();

/** A client on a server with an empty cache (so every planned request is really sent), closed after use. */
async function withClient<T>(use: (client: Client) => Promise<T>, choice?: ToolChoice): Promise<T> {
  const { client, close } = await sandboxClient(sandbox.url, sandbox.demoKey, {
    server: choice ? { tools: selectTools(choice) } : {},
  });
  try {
    return await use(client);
  } finally {
    await close();
  }
}

/** The prompt's message, its planned calls and the upstream requests it says they cost. */
async function plan(client: Client, name: string, args: Record<string, string>) {
  const text = promptText(await client.getPrompt({ name, arguments: args }));
  const cost = /(\d+) upstream requests unless cached/.exec(text)?.[1];
  expect(cost, 'the prompt states its cost').toBeDefined();
  return { text, calls: plannedCalls(text), cost: Number(cost) };
}

/** Runs one planned call with its placeholders filled; a failed call fails the test. */
async function run(client: Client, step: PlannedCall | undefined, tool: string, values = {}) {
  expect(step?.tool).toBe(tool);
  const result = await call(client, tool, fill(step?.args ?? {}, values));
  expect(result.isError, textOf(result)).toBeFalsy();
  return { body: structured(result), text: textOf(result) };
}

interface Row {
  name: string;
  service_id: string | null;
  player_id: string;
  club: string | null;
  age: number | null;
}

describe('player_report end to end', () => {
  it('a name: search, the user picks one of two namesakes, one scouting_report with the club', async () => {
    await withClient(async (client) => {
      const { calls, cost } = await plan(client, 'player_report', {
        player: 'Kévin Gareuil',
        club: 'FC Lille',
      });
      expect(calls.map((c) => c.tool)).toEqual(['search_players', 'scouting_report']);
      expect(cost).toBe(10);
      const before = sandbox.requestCount();

      const search = await run(client, calls[0], 'search_players');
      const people = search.body.data as (Row & { position: string })[];
      // Two people share the name: the prompt has the assistant ask; the user means the forward.
      expect(new Set(people.map((p) => p.service_id)).size).toBeGreaterThan(1);
      const chosen = people.find((p) => p.position === 'forward');
      expect(chosen?.service_id).toMatch(/^ds_/);

      const report = await run(client, calls[1], 'scouting_report', { '<service_id>': chosen?.service_id });
      const data = report.body.data;
      expect(data.player).toMatchObject({ service_id: chosen?.service_id, name: 'Kévin Gareuil' });
      expect(data.history.length).toBeGreaterThan(1);
      for (const season of data.history) expect(season.player_id).toBeTruthy();
      expect(data.roles.length).toBeGreaterThan(0);
      expect(data.strengths.strengths.length).toBeGreaterThan(0);
      expect(data.market_value.value_eur).toBeGreaterThan(0);
      expect(data.projections.length).toBeGreaterThan(0);
      expect(data.similar.length).toBeGreaterThan(0);
      expect(data.fit.club).toMatch(/Lille/);
      expect(data.unavailable).toBeUndefined();
      for (const heading of ['### Seasons', '### Best roles', '### Fit for']) {
        expect(report.text).toContain(heading);
      }
      expect(report.text).toContain(chosen?.service_id);
      // Best roles show the English name beside the key, as the report's sections ask.
      expect(report.text).toContain('| renard_des_surfaces (poacher) |');

      // The quota spent is the prompt's figure; the report's own count matches its description (9 with
      // club, the glossary's included).
      expect(sandbox.requestCount() - before).toBe(cost);
      expect(report.body.requests).toEqual({ planned: 14, sent: 9, from_cache: 0 });
      expect(search.body.quota.remaining - report.body.quota.remaining).toBe(9);
    });
  });

  it('an id: one scouting_report call of 8 requests', async () => {
    await withClient(async (client) => {
      const { calls, cost } = await plan(client, 'player_report', { player: 'ds_00q05zvWzTVNkuL5' });
      expect(calls.map((c) => c.tool)).toEqual(['scouting_report']);
      expect(cost).toBe(8);
      const before = sandbox.requestCount();
      const report = await run(client, calls[0], 'scouting_report');
      expect(report.body.data.player.service_id).toBe('ds_00q05zvWzTVNkuL5');
      expect(report.body.data.fit).toBeUndefined();
      expect(sandbox.requestCount() - before).toBe(cost);
    });
  });

  it('an id and a club the API knows by another name: the plan states what the club hint adds', async () => {
    await withClient(async (client) => {
      const { text, calls, cost } = await plan(client, 'player_report', {
        player: 'ds_00q05zvWzTVNkuL5',
        club: 'Reims',
      });
      const hinted = Number(/(\d+) if the API knows Reims by another name/.exec(text)?.[1]);
      expect(hinted).toBe(cost + 2);
      const before = sandbox.requestCount();
      const report = await run(client, calls[0], 'scouting_report');
      expect(report.text).toContain('club "Reims" read as "Racing Club de Reims"');
      expect(sandbox.requestCount() - before).toBe(hinted);
      expect(report.body.requests).toEqual({ planned: 14, sent: hinted, from_cache: 0 });
    });
  });
});

describe('find_replacement end to end', () => {
  /** Follows the plan; returns the player, the candidates scored for fit and the requests spent. */
  async function follow(client: Client, args: Record<string, string>, pickClub?: string) {
    const { calls, cost } = await plan(client, 'find_replacement', args);
    expect(calls.length).toBeLessThanOrEqual(4);
    const before = sandbox.requestCount();
    let id = args.player;
    if (calls[0]?.tool === 'search_players') {
      const search = await run(client, calls.shift(), 'search_players');
      // The prompt: when several people match, take the one who plays for the club.
      const atClub = (search.body.data as Row[]).filter((p) => p.club === pickClub);
      expect(atClub).toHaveLength(1);
      id = atClub[0]?.service_id ?? '';
    }
    const [record, scout, fit] = calls;
    const recorded = await run(client, record, 'get_player', { '<service_id>': id });
    const him = recorded.body.data;
    // The text the assistant reads carries his value, to set beside the candidates'.
    expect(recorded.text).toMatch(/ · value €[\d.]+m/);
    const [best, second] = him.roles as { role: string }[];
    expect(second).toBeDefined();
    expect(him.player.age).toBeGreaterThan(0);
    expect(him.player.market_value_eur).toBeGreaterThan(0);
    expect(him.similar.length).toBeGreaterThan(0);

    const maxAge = him.player.age + 2;
    const scouted = await run(client, scout, 'scout_players', {
      '<his best role key>': best?.role,
      '<his second role key>': second?.role,
      '<his age + 2>': maxAge,
    });
    const strong = scouted.body.data as (Row & { role: string })[];
    expect(strong.length).toBeGreaterThan(5);
    for (const p of strong) {
      expect([best?.role, second?.role]).toContain(p.role);
      expect(p.age).toBeLessThanOrEqual(maxAge);
    }

    const idOf = (p: Row) => p.service_id ?? p.player_id;
    const candidates = [...new Set([...strong, ...(him.similar as Row[])].map(idOf))]
      .filter((c) => c !== him.player.service_id)
      .slice(0, 10);
    const scored = await run(client, fit, 'fit_score', {
      '<service_ids (player_id if unlinked) of the best 10 candidates>': candidates,
      '<his current club>': him.player.club,
    });
    const spent = sandbox.requestCount() - before;
    return { him: him.player, candidates, scored: scored.body.data, spent, cost };
  }

  it('a name and a club: four calls, ten candidates in his roles scored for the club, at the stated cost', async () => {
    await withClient(async (client) => {
      const { him, candidates, scored, spent, cost } = await follow(
        client,
        { player: 'Cosmin Duinescu', club: 'FC Waalwijk' },
        'FC Waalwijk',
      );
      expect(him).toMatchObject({ name: 'Cosmin Duinescu', club: 'FC Waalwijk' });
      expect(candidates).toHaveLength(10);
      expect(candidates).not.toContain(him.service_id);
      expect(scored).toHaveLength(10);
      for (const p of scored) {
        expect(p.service_id).not.toBe(him.service_id);
        expect(p).toMatchObject({ target_club: 'FC Waalwijk', score: expect.any(Number) });
      }
      expect(cost).toBe(7);
      expect(spent).toBe(cost);
    });
  });

  it('an id without a club: three calls, fit for his current club, 6 requests', async () => {
    await withClient(async (client) => {
      const { him, scored, spent, cost } = await follow(client, { player: 'ds_01200s9vGA83p3FN' });
      expect(him.service_id).toBe('ds_01200s9vGA83p3FN');
      for (const p of scored) expect(p.target_club).toBe(him.club);
      expect(cost).toBe(6);
      expect(spent).toBe(cost);
    });
  });
});

describe('prompts and switched-off tools', () => {
  const listed = (choice: ToolChoice) =>
    withClient(async (client) => {
      if (!client.getServerCapabilities()?.prompts) return [];
      return (await client.listPrompts()).prompts.map((p) => p.name);
    }, choice);

  it('each prompt plans only the tools it declares, and those tools exist', async () => {
    const names = new Set(TOOLS.map((t) => t.name));
    const samples: Record<string, Record<string, string>[]> = {
      player_report: [{ player: 'Mbaye', club: 'RC Lens' }, { player: 'ds_AbCdEfGh12345678' }],
      role_shortlist: [{ role: 'poacher' }, { role: 'poacher', max_age: '21', league: 'Ligue 1' }],
      compare_shortlist: [{ players: 'Mbaye, Okafor, ds_AbCdEfGh12345678' }],
      find_replacement: [{ player: 'Mbaye', club: 'RC Lens' }, { player: 'ds_AbCdEfGh12345678' }],
    };
    await withClient(async (client) => {
      for (const { name: prompt, tools } of PROMPTS) {
        for (const tool of tools) expect(names).toContain(tool);
        for (const args of samples[prompt] ?? []) {
          const text = promptText(await client.getPrompt({ name: prompt, arguments: args }));
          for (const { tool } of plannedCalls(text)) expect(tools).toContain(tool);
        }
      }
    });
  });

  it('the players toolset offers all the prompts', async () => {
    expect(await listed({ toolsets: ['players'], tools: [] })).toEqual(PROMPTS.map((p) => p.name));
  });

  it('--tools offers only the prompts whose tools are all on', async () => {
    expect(await listed({ toolsets: [], tools: ['search_players', 'scouting_report'] })).toEqual([
      'player_report',
    ]);
    expect(await listed({ toolsets: [], tools: ['scouting_report', 'get_player', 'fit_score'] })).toEqual([]);
  });

  it('a toolset without player tools offers no prompts (and no prompts capability)', async () => {
    expect(await listed({ toolsets: ['clubs', 'reference'], tools: [] })).toEqual([]);
  });

  it('role_shortlist leaves out its optional scouting_report step when that tool is off', async () => {
    const tools = ['rank_players_by_role', 'scout_players', 'compare_players'];
    const text = await withClient(
      async (client) =>
        promptText(await client.getPrompt({ name: 'role_shortlist', arguments: { role: 'poacher' } })),
      { toolsets: [], tools },
    );
    expect(text).toContain('rank_players_by_role with');
    expect(text).not.toContain('scouting_report');
  });
});
