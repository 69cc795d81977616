// A routes file remaps upstream routes: in memory against the sandbox (the sandbox's request log shows
// the remapped paths), and the built binary applying one over stdio or refusing a bad one at start.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { untabulate } from '../../src/mcp/tabular.js';
import { BUILT_ENTRY, call, sandboxClient, structured, textOf, useSandbox } from '../support/mcp.js';
import { stdioClient } from '../support/stdio.js';

const dir = mkdtempSync(join(tmpdir(), 'routes-e2e-'));
const sandbox = useSandbox();

function routesFile(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const requested = () => sandbox.requests().map((r) => r.path);

describe('a routes file, in memory', () => {
  it('sends remapped routes to their new path with their fixed query; a remap to nowhere fails one section', async () => {
    const routesFilePath = routesFile('remap.json', {
      savedIndices: { path: '/v1/me/presets' },
      savedPresets: { path: '/v1/me/saved-presets' },
      glossary: { path: '/v1/glossary', query: { kind: 'statistic' } },
    });
    const { client, close } = await sandboxClient(sandbox.url, sandbox.demoKey, {
      config: { routesFile: routesFilePath },
    });
    try {
      const account = await call(client, 'my_account', { sections: ['indices', 'presets'] });
      const body = structured(account);
      expect(body.data.plan).toBe('Demo');
      // "indices" now reads what the sandbox serves at /v1/me/presets.
      expect(body.data.indices.map((i: { id: string }) => i.id.slice(0, 4))).toEqual([
        'pre_',
        'pre_',
        'pre_',
      ]);
      expect(body.data.presets).toBeUndefined();
      expect(body.failed_sections.presets).toContain('Remapping routes');
      expect(textOf(account)).toContain('section presets unavailable');
      expect(requested()).toEqual(expect.arrayContaining(['/v1/me/presets', '/v1/me/saved-presets']));
      expect(requested()).not.toContain('/v1/me/indices');

      const glossary = structured(await call(client, 'get_glossary', { limit: 100 }));
      expect(glossary.total).toBeGreaterThan(10);
      expect(glossary.data.every((e: { kind: string }) => e.kind === 'statistic')).toBe(true);
      expect(requested()).toContain('/v1/glossary?kind=statistic');
    } finally {
      await close();
    }
  });
  it('with the glossary remapped to nowhere, statistic keys go unchecked to the API, which judges them', async () => {
    const file = routesFile('no-glossary.json', { glossary: { path: '/v1/glossary-gone' } });
    const { client, close } = await sandboxClient(sandbox.url, sandbox.demoKey, {
      config: { routesFile: file },
    });
    try {
      const ok = structured(
        await call(client, 'rank_players_by_statistic', { statistic: 'xg', league: 'Ligue 1', limit: 2 }),
      );
      expect(ok.data).toHaveLength(2);
      const bad = await call(client, 'rank_players_by_statistic', { statistic: 'xgg', league: 'Ligue 1' });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toContain('"statistic"');
      expect(requested()).toContain('/v1/glossary-gone');
      expect(
        requested().filter((p) => p.startsWith('/v1/rankings/statistics?') && p.includes('statistic=xgg')),
      ).toHaveLength(1);
    } finally {
      await close();
    }
  });
});

describe('a routes file, in the built binary', () => {
  it('is applied and logged at start', async () => {
    const file = routesFile('binary.json', { glossary: { path: '/v1/glossary', query: { kind: 'index' } } });
    const { client, stderr } = await stdioClient('routes-test', {
      args: [BUILT_ENTRY, '--store', 'memory', '--routes-file', file],
      env: { FOOTBALL_API_BASE_URL: sandbox.url, FOOTBALL_API_KEY: sandbox.demoKey },
    });
    try {
      const result = (await client.callTool({ name: 'get_glossary', arguments: {} })) as CallToolResult;
      const kinds = (untabulate(result.structuredContent) as { data: { kind: string }[] }).data.map(
        (e) => e.kind,
      );
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds)).toEqual(new Set(['index']));
      expect(requested()).toContain('/v1/glossary?kind=index');
      expect(stderr()).toContain(`routes file ${file}: glossary → GET /v1/glossary`);
    } finally {
      await client.close();
    }
  });

  it.each([
    ['unknown route', { glosary: { path: '/v2/glossary' } }, /unknown route "glosary"\. Closest: glossary/],
    [
      'lost placeholder',
      { team: { path: '/v2/clubs' } },
      /must keep the placeholders of "\/v1\/teams\/:id" \(:id\)/,
    ],
    ['bad JSON', '{"teams": ', /not valid JSON/],
  ])('refuses a file with a %s at start, naming the file, without a stack', (name, content, message) => {
    const file = routesFile(`${name.replace(/\s/g, '-')}.json`, content);
    const run = spawnSync(process.execPath, [BUILT_ENTRY], {
      env: {
        PATH: process.env.PATH ?? '',
        FOOTBALL_API_BASE_URL: sandbox.url,
        FOOTBALL_API_KEY: sandbox.demoKey,
        FOOTBALL_API_ROUTES_FILE: file,
      },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`routes file ${file}`);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });
});
