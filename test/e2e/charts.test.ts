// Charts through a real SDK Client against the sandbox: by default compare_players answers with a
// resource_link to a PNG beside the text (no image bytes: agent frameworks stringify them into the
// model's context), readable only by its own session; with images inline the PNG itself; none when images
// are off. Its chart app resource is listed and readable.

import { mkdirSync, writeFileSync } from 'node:fs';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHART_APP_MIME, CHART_APP_URI, CHART_META_KEY } from '../../src/charts/app.js';
import type { ImagePolicy } from '../../src/charts/spec.js';
import {
  BUILT_ENTRY,
  call,
  RENDERS_APPS,
  sandboxClient,
  spawnHttpServer,
  stop,
  structured,
  textOf,
  useSandbox,
} from '../support/mcp.js';
import { inspectPng } from '../support/png.js';
import { stdioClient } from '../support/stdio.js';

const sandbox = useSandbox();
const opened: { close(): Promise<void> }[] = [];
let ids: string[];
let names: string[];

async function clientWith(images: ImagePolicy, chartCacheBytes?: number): Promise<Client> {
  const { client, close } = await sandboxClient(sandbox.url, sandbox.demoKey, {
    config: { images, ...(chartCacheBytes ? { chartCacheBytes } : {}) },
    capabilities: RENDERS_APPS,
  });
  await client.listTools();
  opened.push({ close });
  return client;
}

function svgOf(result: CallToolResult): string {
  const chart = result._meta?.[CHART_META_KEY] as { svg?: string } | undefined;
  if (!chart?.svg) throw new Error('no chart in _meta');
  return chart.svg;
}

const images = (r: CallToolResult) => r.content.filter((c) => c.type === 'image');

/** A statistic's name as the glossary gives it (answers carry the key; their text and charts the name). */
async function glossaryName(client: Client, key: string): Promise<string> {
  const words = structured(await call(client, 'get_glossary', { limit: 100 })).data as {
    key: string;
    name: string;
  }[];
  const name = words.find((e) => e.key === key)?.name;
  if (!name) throw new Error(`no glossary name for ${key}`);
  return name;
}

/** The one chart link of a result. */
function linkOf(result: CallToolResult): string {
  const links = result.content.filter((c) => c.type === 'resource_link');
  expect(links).toHaveLength(1);
  const [link] = links;
  if (link?.type !== 'resource_link') throw new Error('no resource_link');
  expect(link.mimeType).toBe('image/png');
  expect(link.uri).toMatch(/^football:\/\/charts\/[0-9a-f]{32}\.png$/);
  return link.uri;
}

/** The PNG a chart link names, read with resources/read. */
async function readPng(client: Client, uri: string): Promise<Buffer> {
  const read = await client.readResource({ uri });
  const content = read.contents[0];
  expect(content?.mimeType).toBe('image/png');
  if (!content || !('blob' in content)) throw new Error('no blob');
  return Buffer.from(content.blob, 'base64');
}

/** A charted answer by default: a link, no image bytes anywhere in what the client receives. */
async function linkedPng(client: Client, result: CallToolResult): Promise<Buffer> {
  expect(images(result)).toHaveLength(0);
  const uri = linkOf(result);
  expect(JSON.stringify(result.content)).not.toMatch(/iVBORw0KGgo|[A-Za-z0-9+/]{2000}/);
  return readPng(client, uri);
}

beforeAll(async () => {
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
});

it('with images inline, compare_players returns a PNG radar of the three players beside the text', async () => {
  const client = await clientWith('inline');
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
  // Three centre-backs: their radar shows defending, not goals and shots, named by the glossary.
  const named = Object.fromEntries(
    await Promise.all(
      ['tackles', 'interceptions', 'shots', 'goals'].map(async (k) => [
        k,
        { name: await glossaryName(client, k) },
      ]),
    ),
  );
  expect(named.tackles.name).toEqual(expect.any(String));
  expect(svg).toContain(`>${named.tackles.name}`);
  expect(svg).toContain(`>${named.interceptions.name}`);
  expect(svg).not.toContain(`>${named.shots.name}`);
  expect(svg).not.toContain(`>${named.goals.name}`);
  // Kept for the README: the PNG a host shows for three sandbox players.
  mkdirSync('test-artifacts', { recursive: true });
  writeFileSync('test-artifacts/compare-players.png', png);
});

it('by default compare_players links its radar: no image bytes, the PNG read by its link', async () => {
  const client = await clientWith('auto');
  const result = await call(client, 'compare_players', { player_ids: ids });
  expect(result.content[0]?.type).toBe('text');
  const png = await linkedPng(client, result);
  const decoded = inspectPng(png);
  expect(decoded.width).toBe(800);
  expect(decoded.height).toBe(600);
  expect(decoded.inked).toBeGreaterThan(5000);
  // Read again, the same bytes (rendered once, kept).
  expect((await readPng(client, linkOf(result))).equals(png)).toBe(true);
});

it('a chart dropped past --chart-cache-bytes is not found, and the read says to call the tool again', async () => {
  const client = await clientWith('auto', 65_536);
  const first = linkOf(await call(client, 'compare_players', { player_ids: ids }));
  // Read, the first chart holds its PNG too; newer charts then push it out of the 64 KiB.
  await readPng(client, first);
  const newer: string[] = [];
  for (const id of ids) newer.push(linkOf(await call(client, 'scouting_report', { player_id: id })));
  await expect(client.readResource({ uri: first })).rejects.toThrow(
    /No chart at football:\/\/charts\/.*--chart-cache-bytes.*Call the tool that drew it again/,
  );
  // The newest is always kept.
  expect(inspectPng(await readPng(client, newer.at(-1) ?? '')).inked).toBeGreaterThan(3000);
  const missing = client.readResource({ uri: 'football://charts/00000000000000000000000000000000.png' });
  await expect(missing).rejects.toThrow(/No chart at/);
  // The SDK's ResourceNotFoundError: -32602 with the URI in its data, as the 2026-07-28 spec has it (docs/charts.md).
  await expect(missing).rejects.toMatchObject({
    code: -32602,
    data: { uri: 'football://charts/00000000000000000000000000000000.png' },
  });
});

it('over HTTP a chart link is read by its own session only, never by another session or caller', async () => {
  const tokens = ['chart-token-aaaaaaaaaaaa', 'chart-token-bbbbbbbbbbbb'];
  const server = await spawnHttpServer(['--sandbox', '--store', 'memory'], {
    FOOTBALL_MCP_AUTH_TOKENS: tokens.join(','),
  });
  const clients: Client[] = [];
  const connect = async (token: string, wire: '2025' | '2026') => {
    const client = new Client(
      { name: 'charts-http', version: '1.0.0' },
      wire === '2026'
        ? { versionNegotiation: { mode: { pin: '2026-07-28' } } }
        : { supportedProtocolVersions: ['2025-06-18'] },
    );
    const headers = { authorization: `Bearer ${token}` };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }),
    );
    clients.push(client);
    return client;
  };
  try {
    const owner = await connect(tokens[0] as string, '2025');
    const ranking = structured(
      await call(owner, 'rank_players_by_role', { role: 'defenseur_relanceur', league: 'Ligue 1', limit: 3 }),
    );
    const players = ranking.data.map((e: { service_id: string }) => e.service_id);
    const uri = linkOf(await call(owner, 'compare_players', { player_ids: players }));
    expect(inspectPng(await readPng(owner, uri)).width).toBe(800);
    // Same token, another session; same token without sessions; another token.
    for (const other of [
      await connect(tokens[0] as string, '2025'),
      await connect(tokens[0] as string, '2026'),
      await connect(tokens[1] as string, '2026'),
    ]) {
      await expect(other.readResource({ uri })).rejects.toThrow(/No chart at/);
    }
    // A caller without sessions reads the charts its own credentials made.
    const modern = await connect(tokens[1] as string, '2026');
    const own = linkOf(await call(modern, 'compare_players', { player_ids: players }));
    expect(inspectPng(await readPng(modern, own)).width).toBe(800);
    await expect(owner.readResource({ uri: own })).rejects.toThrow(/No chart at/);
  } finally {
    for (const client of clients) await client.close().catch(() => undefined);
    await stop(server.child);
  }
});

it('with images off, compare_players answers text only and the same structured content', async () => {
  const on = await call(await clientWith('true'), 'compare_players', { player_ids: ids });
  const off = await call(await clientWith('false'), 'compare_players', { player_ids: ids });
  expect(images(off)).toHaveLength(0);
  expect(off.content.map((c) => c.type)).toEqual(['text', 'text']);
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
  const client = await clientWith('auto');
  const result = await call(client, 'scouting_report', { player_id: ids[0] });
  const report = structured(result).data;
  const png = await linkedPng(client, result);
  expect(inspectPng(png).inked).toBeGreaterThan(3000);
  const svg = svgOf(result);
  expect(svg).toContain(report.player.name);
  const first = report.strengths.strengths[0];
  expect(svg).toContain(`(percentile ${first.percentile})`);
  // Spokes named by the glossary, as the report's text names them (its structured form gives the keys).
  const name = await glossaryName(client, first.statistic);
  expect(svg).toContain(`>${name}`);
  expect(textOf(result)).toContain(`${name} (`);
  writeFileSync('test-artifacts/scouting-report.png', png);
});

it('comparison_group draws a scatter with the highlighted players named', async () => {
  const client = await clientWith('auto');
  const result = await call(client, 'comparison_group', {
    x: 'progressive_passes',
    y: 'key_passes',
    league: 'Ligue 1',
    highlight: ids.slice(0, 2),
  });
  const points = structured(result).data as { name: string; highlighted: boolean }[];
  const png = await linkedPng(client, result);
  expect(inspectPng(png).inked).toBeGreaterThan(3000);
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
  expect(svg).toContain(`${await glossaryName(client, 'progressive_passes')} (per 90)`);
  const ticks = [...svg.matchAll(/font-size="11"[^>]*>([^<]+)</g)].map((m) => Number(m[1]));
  expect(ticks.length).toBeGreaterThan(4);
  for (const tick of ticks) expect(tick).toBeGreaterThanOrEqual(0);
  writeFileSync('test-artifacts/comparison-group.png', png);
});

it('by default (images auto) rankings carry no PNG nor link, only the chart for the app; a comparison links its radar', async () => {
  const client = await clientWith('auto');
  for (const [tool, args] of [
    ['rank_players_by_role', { role: 'defenseur_relanceur', league: 'Ligue 1', limit: 3 }],
    ['rank_players_by_statistic', { statistic: 'xg', league: 'Ligue 1', limit: 3 }],
  ] as const) {
    const result = await call(client, tool, args);
    expect(
      result.content.map((c) => c.type),
      tool,
    ).toEqual(['text', 'text']);
    expect(svgOf(result)).toContain('<svg');
  }
  const compared = await call(client, 'compare_players', { player_ids: ids });
  expect(compared.content.map((c) => c.type)).toEqual(['text', 'text', 'resource_link']);
});

it('rank_players_by_statistic returns bars of the statistic', async () => {
  const client = await clientWith('true');
  const result = await call(client, 'rank_players_by_statistic', {
    statistic: 'progressive_passes',
    limit: 5,
  });
  expect(images(result)).toHaveLength(1);
  const svg = svgOf(result);
  // Named by the glossary, as the text names it.
  const name = await glossaryName(client, 'progressive_passes');
  expect(name).toEqual(expect.any(String));
  expect(svg).toContain(`${name}: top 5`);
  for (const entry of structured(result).data) expect(svg).toContain(`>${entry.value}<`);
});

it('the built binary, told FOOTBALL_MCP_IMAGES=false, answers without images and still serves the app', async () => {
  const { client } = await stdioClient('charts-stdio', {
    args: [BUILT_ENTRY, '--store', 'memory', '--base-url', sandbox.url],
    env: { FOOTBALL_API_KEY: sandbox.demoKey, FOOTBALL_MCP_IMAGES: 'false' },
    capabilities: RENDERS_APPS,
  });
  opened.push({ close: () => client.close() });
  const result = await call(client, 'compare_players', { player_ids: ids });
  expect(result.content.map((c) => c.type)).toEqual(['text', 'text']);
  expect(svgOf(result)).toContain('data-chart="radar"');
  const read = await client.readResource({ uri: CHART_APP_URI });
  expect(read.contents[0]?.mimeType).toBe(CHART_APP_MIME);
});

it('a client that does not render MCP Apps gets the chart but no SVG in _meta', async () => {
  const { client, close } = await sandboxClient(sandbox.url, sandbox.demoKey, { config: { images: 'true' } });
  opened.push({ close });
  const result = await call(client, 'compare_players', { player_ids: ids });
  expect(images(result)).toHaveLength(1);
  expect(result._meta?.[CHART_META_KEY]).toBeUndefined();
  const linked = await call(await clientWith('auto'), 'compare_players', { player_ids: ids });
  expect(linked._meta?.[CHART_META_KEY]).toBeDefined();
  const plain = await sandboxClient(sandbox.url, sandbox.demoKey);
  const plainClient = plain.client;
  opened.push(plain);
  const byLink = await call(plainClient, 'compare_players', { player_ids: ids });
  expect(byLink._meta?.[CHART_META_KEY]).toBeUndefined();
  expect(inspectPng(await linkedPng(plainClient, byLink)).width).toBe(800);
});
