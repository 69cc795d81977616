// Charts through a real SDK Client against the sandbox: compare_players answers with a PNG image
// block beside the text (not when images are off), its chart app resource is listed and readable.

import { mkdirSync, writeFileSync } from 'node:fs';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHART_APP_MIME, CHART_APP_URI, CHART_META_KEY } from '../../src/charts/app.js';
import type { ImagePolicy } from '../../src/charts/spec.js';
import type { ToolDeps } from '../../src/mcp/context.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { BUILT_ENTRY, call, depsFor, inMemoryClient, RENDERS_APPS, structured } from '../support/mcp.js';
import { inspectPng } from '../support/png.js';

let sandbox: RunningSandbox;
const opened: { close(): Promise<void> }[] = [];
let ids: string[];
let names: string[];

async function clientWith(images: ImagePolicy): Promise<Client> {
  const deps: ToolDeps = depsFor(sandbox.url, sandbox.demoKey, { images });
  const client = await inMemoryClient(deps, {}, RENDERS_APPS);
  await client.listTools();
  opened.push({ close: () => client.close() }, { close: () => deps.api.close() });
  return client;
}

function svgOf(result: CallToolResult): string {
  const chart = result._meta?.[CHART_META_KEY] as { svg?: string } | undefined;
  if (!chart?.svg) throw new Error('no chart in _meta');
  return chart.svg;
}

const images = (r: CallToolResult) => r.content.filter((c) => c.type === 'image');

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const client = await clientWith('true');
  const ranking = structured(
    await call(client, 'rank_players_by_role', { role: 'defenseur_relanceur', league: 'Ligue 1', limit: 3 }),
  );
  ids = ranking.data.map(
    (e: { service_id: string | null; player_id: string }) => e.service_id ?? e.player_id,
  );
  names = ranking.data.map((e: { name: string }) => e.name);
});

afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
  await sandbox.close();
});

it('compare_players returns a PNG radar of the three players beside the text', async () => {
  const client = await clientWith('true');
  const result = await call(client, 'compare_players', { player_ids: ids });
  const data = structured(result).data;
  expect(data).toHaveLength(3);
  expect(result.content[0]?.type).toBe('text');
  const [image] = images(result);
  if (image?.type !== 'image') throw new Error('no image block');
  expect(image.mimeType).toBe('image/png');
  const png = Buffer.from(image.data, 'base64');
  const decoded = inspectPng(png);
  expect(decoded.width).toBe(800);
  expect(decoded.height).toBe(600);
  expect(decoded.inked).toBeGreaterThan(5000);
  expect(png.length).toBeLessThan(150_000);
  const svg = svgOf(result);
  for (const name of names) expect(svg).toContain(name);
  expect(svg).toContain('data fetched');
  // Three centre-backs: their radar shows defending, not goals and shots.
  expect(svg).toContain('>tackles<');
  expect(svg).toContain('>interceptions<');
  expect(svg).not.toContain('>shots<');
  expect(svg).not.toContain('>goals<');
  // Kept for the README: the PNG a host shows for three sandbox players.
  mkdirSync('test-artifacts', { recursive: true });
  writeFileSync('test-artifacts/compare-players.png', png);
});

it('with images off, compare_players answers text only and the same structured content', async () => {
  const on = await call(await clientWith('true'), 'compare_players', { player_ids: ids });
  const off = await call(await clientWith('false'), 'compare_players', { player_ids: ids });
  expect(images(off)).toHaveLength(0);
  expect(off.content.map((c) => c.type)).toEqual(['text']);
  expect(structured(off).data).toEqual(structured(on).data);
});

it('rank_players_by_role returns a bar chart naming the ranked players', async () => {
  const client = await clientWith('true');
  const result = await call(client, 'rank_players_by_role', { role: 'defenseur_relanceur', limit: 5 });
  const [image] = images(result);
  if (image?.type !== 'image') throw new Error('no image block');
  const decoded = inspectPng(Buffer.from(image.data, 'base64'));
  expect(decoded.width).toBe(800);
  expect(decoded.inked).toBeGreaterThan(1000);
  const svg = svgOf(result);
  for (const entry of structured(result).data) expect(svg).toContain(entry.name);
});

it('tools with a chart point at the chart app, which is listed and readable', async () => {
  const client = await clientWith('true');
  const { tools } = await client.listTools();
  const compare = tools.find((t) => t.name === 'compare_players');
  expect(compare?._meta).toEqual({ ui: { resourceUri: CHART_APP_URI } });
  expect(tools.find((t) => t.name === 'list_roles')?._meta).toBeUndefined();
  const { resources } = await client.listResources();
  expect(resources.find((r) => r.uri === CHART_APP_URI)?.mimeType).toBe(CHART_APP_MIME);
  const read = await client.readResource({ uri: CHART_APP_URI });
  const content = read.contents[0];
  expect(content?.mimeType).toBe(CHART_APP_MIME);
  const html = content && 'text' in content ? content.text : '';
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
});

it('scouting_report draws the percentile radar of the strengths section', async () => {
  const client = await clientWith('true');
  const result = await call(client, 'scouting_report', { player_id: ids[0] });
  const report = structured(result).data;
  const [image] = images(result);
  if (image?.type !== 'image') throw new Error('no image block');
  expect(inspectPng(Buffer.from(image.data, 'base64')).inked).toBeGreaterThan(3000);
  const svg = svgOf(result);
  expect(svg).toContain(report.player.name);
  const first = report.strengths.strengths[0];
  expect(svg).toContain(`(percentile ${first.percentile})`);
  writeFileSync('test-artifacts/scouting-report.png', Buffer.from(image.data, 'base64'));
});

it('comparison_group draws a scatter with the highlighted players named', async () => {
  const client = await clientWith('true');
  const result = await call(client, 'comparison_group', {
    x: 'progressive_passes',
    y: 'key_passes',
    league: 'Ligue 1',
    highlight: ids.slice(0, 2),
  });
  const points = structured(result).data as { name: string; highlighted: boolean }[];
  const [image] = images(result);
  if (image?.type !== 'image') throw new Error('no image block');
  expect(inspectPng(Buffer.from(image.data, 'base64')).inked).toBeGreaterThan(3000);
  const svg = svgOf(result);
  const named = [...svg.matchAll(/class="point-label">([^<]+)</g)].map((m) => m[1]);
  expect(named.sort()).toEqual(
    points
      .filter((p) => p.highlighted)
      .map((p) => p.name)
      .sort(),
  );
  expect(named.length).toBeGreaterThan(0);
  // Units from the glossary on both axes; every tick label a value on the data's own side of zero.
  expect(structured(result)).toMatchObject({ x_unit: 'per 90', y_unit: 'per 90' });
  expect(svg).toContain('progressive passes (per 90)');
  const ticks = [...svg.matchAll(/font-size="11"[^>]*>([^<]+)</g)].map((m) => Number(m[1]));
  expect(ticks.length).toBeGreaterThan(4);
  for (const tick of ticks) expect(tick).toBeGreaterThanOrEqual(0);
  writeFileSync('test-artifacts/comparison-group.png', Buffer.from(image.data, 'base64'));
});

it('by default (images auto) rankings carry no PNG, only the chart for the app; a comparison keeps its radar', async () => {
  const client = await clientWith('auto');
  for (const [tool, args] of [
    ['rank_players_by_role', { role: 'defenseur_relanceur', league: 'Ligue 1', limit: 3 }],
    ['rank_players_by_statistic', { statistic: 'xg', league: 'Ligue 1', limit: 3 }],
  ] as const) {
    const result = await call(client, tool, args);
    expect(images(result), tool).toHaveLength(0);
    expect(svgOf(result)).toContain('<svg');
  }
  expect(images(await call(client, 'compare_players', { player_ids: ids }))).toHaveLength(1);
});

it('rank_players_by_statistic returns bars of the statistic', async () => {
  const client = await clientWith('true');
  const result = await call(client, 'rank_players_by_statistic', {
    statistic: 'progressive_passes',
    limit: 5,
  });
  expect(images(result)).toHaveLength(1);
  const svg = svgOf(result);
  expect(svg).toContain('progressive passes: top 5');
  for (const entry of structured(result).data) expect(svg).toContain(`>${entry.value}<`);
});

it('the built binary, told FOOTBALL_MCP_IMAGES=false, answers without images and still serves the app', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_ENTRY, '--store', 'memory', '--base-url', sandbox.url],
    env: { PATH: process.env.PATH ?? '', FOOTBALL_API_KEY: sandbox.demoKey, FOOTBALL_MCP_IMAGES: 'false' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'charts-stdio', version: '1.0.0' }, { capabilities: RENDERS_APPS });
  await client.connect(transport);
  opened.push({ close: () => client.close() });
  const result = await call(client, 'compare_players', { player_ids: ids });
  expect(result.content.map((c) => c.type)).toEqual(['text']);
  expect(svgOf(result)).toContain('data-chart="radar"');
  const read = await client.readResource({ uri: CHART_APP_URI });
  expect(read.contents[0]?.mimeType).toBe(CHART_APP_MIME);
});

it('a client that does not render MCP Apps gets the PNG but no SVG in _meta', async () => {
  const deps: ToolDeps = depsFor(sandbox.url, sandbox.demoKey, { images: 'true' });
  const client = await inMemoryClient(deps);
  opened.push({ close: () => client.close() }, { close: () => deps.api.close() });
  const result = await call(client, 'compare_players', { player_ids: ids });
  expect(images(result)).toHaveLength(1);
  expect(result._meta?.[CHART_META_KEY]).toBeUndefined();
});
