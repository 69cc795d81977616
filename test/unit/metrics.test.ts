import { describe, expect, it } from 'vitest';
import type { Quota } from '../../src/api/quota.js';
import { Metrics, upstreamOutcome } from '../../src/http/metrics.js';

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const quota = (limit: number | null, remaining: number | null): Quota => ({
  limit,
  remaining,
  reset: null,
  unlimited: limit === null,
  observed_at: '2026-01-01T00:00:00Z',
});

describe('Metrics', () => {
  it('keeps two instances of one process apart (a registry each, not the global one)', async () => {
    const a = new Metrics();
    const b = new Metrics();
    a.toolCall('list_leagues', 'ok');
    a.toolCall('list_leagues', 'ok');
    b.toolCall('list_leagues', 'error');
    const [ta, tb] = [await a.render(), await b.render()];
    expect(value(ta, 'football_scout_tool_calls_total{tool="list_leagues",outcome="ok"}')).toBe(2);
    expect(value(ta, 'football_scout_tool_calls_total{tool="list_leagues",outcome="error"}')).toBeUndefined();
    expect(value(tb, 'football_scout_tool_calls_total{tool="list_leagues",outcome="error"}')).toBe(1);
  });

  it('times each upstream attempt by route and outcome, in seconds', async () => {
    const m = new Metrics();
    m.upstreamRequest({ route: 'leagues', status: 200, ms: 20 });
    m.upstreamRequest({ route: 'leagues', status: 200, ms: 700 });
    m.upstreamRequest({ route: 'leagues', status: 503, ms: 12_000 });
    m.upstreamRequest({ route: 'teams', status: 'timeout', ms: 45_000 });
    const text = await m.render();
    const h = 'football_scout_upstream_request_duration_seconds';
    const ok = 'route="leagues",outcome="2xx"';
    expect(value(text, `${h}_bucket{le="0.025",${ok}}`)).toBe(1);
    expect(value(text, `${h}_bucket{le="0.5",${ok}}`)).toBe(1);
    expect(value(text, `${h}_bucket{le="1",${ok}}`)).toBe(2);
    expect(value(text, `${h}_count{${ok}}`)).toBe(2);
    expect(value(text, `${h}_sum{${ok}}`)).toBeCloseTo(0.72);
    expect(value(text, `${h}_bucket{le="10",route="leagues",outcome="5xx"}`)).toBe(0);
    expect(value(text, `${h}_bucket{le="30",route="leagues",outcome="5xx"}`)).toBe(1);
    expect(value(text, `${h}_bucket{le="30",route="teams",outcome="timeout"}`)).toBe(0);
    expect(value(text, `${h}_bucket{le="+Inf",route="teams",outcome="timeout"}`)).toBe(1);
    // The attempts counter keeps its exact status.
    expect(value(text, 'football_scout_upstream_requests_total{status="200"}')).toBe(2);
    expect(value(text, 'football_scout_upstream_requests_total{status="503"}')).toBe(1);
    expect(value(text, 'football_scout_upstream_requests_total{status="timeout"}')).toBe(1);
  });

  it('names an outcome by status class, or by how the attempt failed', () => {
    expect(upstreamOutcome(200)).toBe('2xx');
    expect(upstreamOutcome(304)).toBe('3xx');
    expect(upstreamOutcome(429)).toBe('4xx');
    expect(upstreamOutcome(502)).toBe('5xx');
    expect(upstreamOutcome('network')).toBe('network');
    expect(upstreamOutcome('aborted')).toBe('aborted');
  });

  it('shows both cache results from the start and their ratio', async () => {
    const m = new Metrics();
    const before = await m.render();
    expect(value(before, 'football_scout_cache_lookups_total{result="hit"}')).toBe(0);
    expect(value(before, 'football_scout_cache_lookups_total{result="miss"}')).toBe(0);
    expect(value(before, 'football_scout_cache_hit_ratio')).toBe(0);
    m.cacheLookup(true);
    m.cacheLookup(false);
    m.cacheLookup(true);
    m.cacheLookup(true);
    const after = await m.render();
    expect(value(after, 'football_scout_cache_lookups_total{result="hit"}')).toBe(3);
    expect(value(after, 'football_scout_cache_hit_ratio')).toBe(0.75);
  });

  it('counts answers given again without a run, by tool', async () => {
    const m = new Metrics();
    m.answerReplayed('list_roles');
    m.answerReplayed('list_roles');
    m.answerReplayed('get_player');
    const text = await m.render();
    expect(value(text, 'football_scout_answers_replayed_total{tool="list_roles"}')).toBe(2);
    expect(value(text, 'football_scout_answers_replayed_total{tool="get_player"}')).toBe(1);
    expect(text).toContain('# TYPE football_scout_answers_replayed_total counter');
  });

  it('shows the last quota per key label, and none for an unlimited key', async () => {
    const m = new Metrics();
    m.quotaSeen('k1', quota(2500, 2400));
    m.quotaSeen('k1', quota(2500, 2399));
    m.quotaSeen('k2', quota(null, null));
    const text = await m.render();
    expect(value(text, 'football_scout_quota_remaining{key="k1"}')).toBe(2399);
    expect(value(text, 'football_scout_quota_limit{key="k1"}')).toBe(2500);
    expect(text).not.toContain('key="k2"');
  });

  it('keeps quotas for as many keys as the process remembers, the least recently seen forgotten', async () => {
    const m = new Metrics(2);
    m.quotaSeen('k1', quota(2500, 2400));
    m.quotaSeen('k2', quota(2500, 2300));
    m.quotaSeen('k3', quota(2500, 2200));
    const text = await m.render();
    expect(text).not.toContain('key="k1"');
    expect(value(text, 'football_scout_quota_remaining{key="k3"}')).toBe(2200);
  });

  it('shows the session gauges only once sessions are watched (stateful mode)', async () => {
    const m = new Metrics();
    expect(await m.render()).not.toContain('football_scout_sessions_open');
    let open = 3;
    m.watchSessions(() => ({ open, probation: 1 }));
    expect(value(await m.render(), 'football_scout_sessions_open')).toBe(3);
    open = 2;
    const text = await m.render();
    expect(value(text, 'football_scout_sessions_open')).toBe(2);
    expect(value(text, 'football_scout_sessions_probation')).toBe(1);
  });
});
