// The upstream latency histogram on /metrics, on the built binary: one series per route and outcome,
// counts that grow with the attempts made, buckets that add up.
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_KEY } from '../../src/sandbox/server.js';
import { call, callOk, spawnHttpServer, stop, useHttpServer, useSandbox } from '../support/mcp.js';
import { freePort, httpClient, metricValue } from './support.js';

const HISTOGRAM = 'football_scout_upstream_request_duration_seconds';
// Every answer asked again: each call is an upstream attempt.
const NO_CACHE = ['--cache-ttl-reference', '0', '--cache-ttl-computed', '0', '--cache-ttl-account', '0'];

async function metrics(url: string): Promise<string> {
  const res = await fetch(new URL('/metrics', url));
  expect(res.status).toBe(200);
  return res.text();
}

/** The histogram's bucket counts of one series, by upper bound, in the order shown. */
function buckets(text: string, labels: string): [le: string, count: number][] {
  const prefix = `${HISTOGRAM}_bucket{`;
  return text
    .split('\n')
    .filter((line) => line.startsWith(prefix) && line.includes(labels))
    .map((line) => {
      const le = /le="([^"]+)"/.exec(line)?.[1] ?? '';
      return [le, Number(line.slice(line.lastIndexOf(' ') + 1))];
    });
}

/** Checks one series is a whole histogram (cumulative buckets, +Inf = count, a sum) and gives its count. */
function series(text: string, route: string, outcome: string): number {
  const labels = `route="${route}",outcome="${outcome}"`;
  const count = metricValue(text, `${HISTOGRAM}_count{${labels}}`);
  expect(count, `${HISTOGRAM}_count{${labels}} in:\n${text}`).toBeDefined();
  const rows = buckets(text, labels);
  expect(rows.map(([le]) => le)).toEqual([
    '0.025',
    '0.05',
    '0.1',
    '0.25',
    '0.5',
    '1',
    '2.5',
    '5',
    '10',
    '30',
    '+Inf',
  ]);
  const counts = rows.map(([, n]) => n);
  for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1] ?? 0);
  expect(counts.at(-1)).toBe(count);
  expect(metricValue(text, `${HISTOGRAM}_sum{${labels}}`)).toBeGreaterThanOrEqual(0);
  return count ?? 0;
}

describe('upstream latency histogram', () => {
  const sandbox = useSandbox();
  const server = useHttpServer(() => ['--base-url', sandbox.url, ...NO_CACHE], {
    FOOTBALL_API_KEY: SANDBOX_DEMO_KEY,
  });

  it('has a series per route, whose count grows with each attempt', async () => {
    const client = await httpClient(server.url);
    await callOk(client, 'list_leagues');
    await callOk(client, 'get_glossary');
    const first = await metrics(server.url);
    expect(first).toContain(`# TYPE ${HISTOGRAM} histogram`);
    const leagues = series(first, 'leagues', '2xx');
    const glossary = series(first, 'glossary', '2xx');
    expect(leagues).toBeGreaterThanOrEqual(1);
    expect(glossary).toBeGreaterThanOrEqual(1);
    // Seconds, not milliseconds: a sandbox on loopback answers well within 30 s each.
    const sum = metricValue(first, `${HISTOGRAM}_sum{route="leagues",outcome="2xx"}`) ?? 0;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(30 * leagues);

    await callOk(client, 'list_leagues');
    const second = await metrics(server.url);
    expect(series(second, 'leagues', '2xx')).toBeGreaterThan(leagues);
    expect(series(second, 'glossary', '2xx')).toBeGreaterThanOrEqual(glossary);
    // The attempts counter by status is kept beside it.
    expect(
      metricValue(second, 'football_scout_upstream_requests_total{status="200"}'),
    ).toBeGreaterThanOrEqual(leagues + 1 + glossary);
    await client.close();
  });

  it('times failed attempts under their outcome', async () => {
    // Nothing listens on this port: every attempt is refused at connect.
    const closed = `http://127.0.0.1:${await freePort()}`;
    const down = await spawnHttpServer(['--base-url', closed, '--retries', '0', ...NO_CACHE], {
      FOOTBALL_API_KEY: SANDBOX_DEMO_KEY,
    });
    try {
      const client = await httpClient(down.url);
      expect((await call(client, 'list_leagues')).isError).toBe(true);
      await client.close();
      const text = await metrics(down.url);
      expect(series(text, 'leagues', 'network')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(`${HISTOGRAM}_count{route="leagues",outcome="2xx"}`);
    } finally {
      await stop(down.child);
    }
  });
});
