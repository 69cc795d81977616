// The chart app in real headless Chromium (Debian's chromium, driven by playwright-core), hosted by
// ext-apps' AppBridge as a real host would: it hands the app a real compare_players result from the
// sandbox (by default with a link to its PNG, no image bytes), and the drawn chart must name the players
// and statistics and show values on hover.
import { existsSync, mkdirSync } from 'node:fs';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { build } from 'esbuild';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chartAppHtml } from '../../src/charts/app.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { glossaryOf, statisticLabel } from '../../tools/kit/statistic-labels.js';
import { call, RENDERS_APPS, sandboxClient, structured } from '../support/mcp.js';
import { missingPrerequisite } from '../support/prerequisites.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = 'test-artifacts';

let browser: Browser;
let sandbox: RunningSandbox;
let compared: CallToolResult;
let glossaryWords: { key: string; name: string | null; unit: string | null }[];

/**
 * The host: ext-apps' own AppBridge (bundled for the browser with esbuild), connected to the iframe
 * before the app loads; once the app has initialised it sends the tool input and the tool result.
 */
const HOST_PAGE = `<!doctype html><html><body style="margin:0">
<iframe id="app" style="width:820px;height:640px;border:0"></iframe></body></html>`;
const HOST_SCRIPT = `
window.start = async (html, toolResult) => {
  const frame = document.getElementById('app');
  const bridge = new Host.AppBridge(null, { name: 'test-host', version: '1.0.0' }, {});
  bridge.oninitialized = () => {
    bridge.sendToolInput({ arguments: {} });
    bridge.sendToolResult(toolResult);
  };
  await bridge.connect(new Host.PostMessageTransport(frame.contentWindow, frame.contentWindow));
  frame.srcdoc = html;
};`;
let hostBundle: string;

async function openApp(result: CallToolResult): Promise<{ page: Page; app: Frame }> {
  const page = await browser.newPage({ viewport: { width: 820, height: 640 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setContent(HOST_PAGE);
  await page.addScriptTag({ content: hostBundle });
  await page.addScriptTag({ content: HOST_SCRIPT });
  await page.evaluate(
    ([html, toolResult]) =>
      (globalThis as unknown as { start(h: string, r: unknown): void }).start(html, toolResult),
    [chartAppHtml(), result] as const,
  );
  const handle = await page.waitForSelector('#app');
  const app = await handle.contentFrame();
  if (!app) throw new Error('no app frame');
  await app.waitForSelector('#chart svg', { timeout: 15_000 });
  expect(errors).toEqual([]);
  return { page, app };
}

beforeAll(async () => {
  const bundled = await build({
    stdin: {
      contents:
        "export { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';",
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'iife',
    globalName: 'Host',
    platform: 'browser',
    write: false,
    logLevel: 'error',
  });
  hostBundle = bundled.outputFiles[0]?.text ?? '';
  if (!existsSync(CHROMIUM)) throw missingPrerequisite('chromium', CHROMIUM);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  sandbox = await startSandbox({ port: 0 });
  const { client, close } = await sandboxClient(sandbox.url, sandbox.demoKey, { capabilities: RENDERS_APPS });
  const ranking = structured(
    await call(client, 'rank_players_by_role', { role: 'defenseur_relanceur', league: 'Ligue 1', limit: 3 }),
  );
  compared = await call(client, 'compare_players', {
    player_ids: ranking.data.map(
      (e: { service_id: string | null; player_id: string }) => e.service_id ?? e.player_id,
    ),
  });
  // The glossary's words, as the text names the statistics (structured content gives the keys).
  glossaryWords = structured(await call(client, 'get_glossary', { kind: 'statistic', limit: 100 })).data;
  await close();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

it('draws the compare_players radar: players, statistics, and a value on hover', async () => {
  // By default the result links its PNG (no image bytes for the model); the app draws from _meta.
  expect(compared.content.map((c) => c.type)).toEqual(['text', 'text', 'resource_link']);
  const { page, app } = await openApp(compared);
  const players: { name: string; statistics: Record<string, unknown> }[] = structured(compared).data;
  expect(await app.locator('.chart-title').textContent()).toContain(players[0]?.name);
  expect(await app.locator('.legend-label').allTextContents()).toEqual(players.map((p) => p.name));
  const axes = await app.locator('.axis-label').allTextContents();
  // Axes are named as the text names them: the glossary's name and unit of each statistic.
  const names = glossaryOf(Object.fromEntries(glossaryWords.map((e) => [e.key, e])));
  expect(axes).toContain(statisticLabel('progressive_passes', names));
  expect(await app.locator('.series').count()).toBe(players.length);

  // Hover the first player's point where he leads alone (on the outer ring, clear of the others):
  // the box shows his raw value of that statistic.
  const [first, ...others] = players;
  if (!first) throw new Error('no player');
  const value = (p: { statistics: Record<string, unknown> }, s: string) => p.statistics[s] as number;
  const stat = Object.keys(first.statistics).find(
    (s) =>
      axes.includes(statisticLabel(s, names)) &&
      typeof first.statistics[s] === 'number' &&
      others.every((o) => value(o, s) < value(first, s)),
  );
  if (!stat) throw new Error('the first player leads on no statistic');
  const expected = `${first.name} · ${statisticLabel(stat, names)}: ${first.statistics[stat]}`;
  await app.locator(`circle.mark[data-tip="${expected}"]`).hover({ timeout: 5000 });
  const tip = app.locator('#tip');
  await tip.waitFor({ state: 'visible', timeout: 5000 });
  expect(await tip.textContent()).toBe(expected);
  await page.screenshot({ path: `${ARTIFACTS}/chart-app.png` });
  await page.close();
});

it('draws bars with their labels and values from sample data', async () => {
  const { chartSvg } = await import('../../src/charts/render.js');
  const svg = chartSvg({
    kind: 'bars',
    title: 'Ball-playing centre-back: top 3',
    subtitle: 'Season 25-26',
    unit: 'Performance index',
    bars: [
      { label: 'Ann Example (FC One)', value: 91.5 },
      { label: 'Bo Sample (FC Two)', value: 80 },
      { label: 'Cy Test (FC Three)', value: 42.25 },
    ],
  });
  const { page, app } = await openApp({ content: [], _meta: { 'football-scout-mcp/chart': { svg } } });
  expect(await app.locator('.bar-label').allTextContents()).toEqual([
    'Ann Example (FC One)',
    'Bo Sample (FC Two)',
    'Cy Test (FC Three)',
  ]);
  expect(await app.locator('.bar-value').allTextContents()).toEqual(['91.5', '80', '42.25']);
  const widths = await app
    .locator('rect.mark')
    .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('width'))));
  expect(widths[0]).toBeGreaterThan(widths[1] ?? Infinity);
  expect(widths[1]).toBeGreaterThan(widths[2] ?? Infinity);
  await app.locator('rect.mark').nth(2).hover();
  expect(await app.locator('#tip').textContent()).toBe('Cy Test (FC Three): 42.25 Performance index');
  await page.screenshot({ path: `${ARTIFACTS}/chart-app-bars.png` });
  await page.close();
});
