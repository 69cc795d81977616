// What only a program prints never reaches an answer: every answer of the test runs is checked for it
// (src/mcp/code-words.ts, under the replay check's flag), and a value the API left out prints as absent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayCheck } from '../../src/mcp/answer-memo.js';
import { codeWordIn } from '../../src/mcp/code-words.js';
import { type ClientOnDeps, callOk, sandboxClient, useSandbox } from '../support/mcp.js';
import { startProxy, type TestProxy } from '../support/proxy.js';

type Json = Record<string, unknown>;

describe('code words', () => {
  it('are found where a value stands, never in words of the API', () => {
    expect(codeWordIn('| 1 | Tobias | null | Ligue 1 |')).toBe('null');
    expect(codeWordIn('|null|')).toBe('null');
    expect(codeWordIn('| 1 | undefined |')).toBe('undefined');
    expect(codeWordIn('Tobias Lindvik (undefined)')).toBe('undefined');
    expect(codeWordIn('Lindvik (null) → Pau')).toBe('null');
    expect(codeWordIn('value: NaN, per 90')).toBe('NaN');
    expect(codeWordIn('club: undefined\nnext')).toBe('undefined');
    expect(codeWordIn('club [object Object]')).toBe('[object Object]');
    for (const fine of [
      '| Null Island FC | nullable | annulled |',
      'undefinedness, Nantes, NaNa',
      'service_id null while not linked',
      'Expected goals: undefined for penalties is how the API words it',
      'xG is undefined for penalties; NaN is no number',
      '| – |  |',
    ])
      expect(codeWordIn(fine), fine).toBeUndefined();
  });

  it('are checked on every answer of the test runs', () => {
    expect(replayCheck.on).toBe(true);
  });
});

describe('a statistic ranking row without its value', () => {
  const sandbox = useSandbox();
  let proxy: TestProxy;
  let session: ClientOnDeps;
  /** The second row of each statistic ranking page without its value, under any name. */
  const withoutValue = (body: unknown) => {
    const rows = (body as Json).data as Json[];
    const [first, second, ...rest] = rows;
    const { value: _, score: __, ...bare } = second ?? {};
    return { ...(body as Json), data: [first, bare, ...rest] };
  };
  beforeAll(async () => {
    proxy = await startProxy(sandbox.url, (path) =>
      path.startsWith('/v1/rankings/statistics') ? { reshape: withoutValue } : 'pass',
    );
    session = await sandboxClient(proxy.url, sandbox.demoKey);
  });
  afterAll(async () => {
    await session?.close();
    await proxy?.close();
  });

  it('prints the value as absent, and the minutes each value stands on', async () => {
    const { body, text } = await callOk(session.client, 'rank_players_by_statistic', {
      statistic: 'xg',
      league: 'Ligue 1',
      limit: 5,
    });
    const rows = body.data as { rank: number; value: number | null; minutes: number | null }[];
    expect(rows[1]?.value).toBeNull();
    const lines = text.split('\n').filter((l) => l.startsWith('| '));
    expect(lines[0]).toContain('| value | league | min |');
    const second = lines.find((l) => l.startsWith(`| ${rows[1]?.rank} |`));
    expect(second).toMatch(/\| – \| Ligue 1 \| \d+ \|/);
    for (const row of rows) expect(row.minutes).toBeTypeOf('number');
  });
});
