// The completeness guard end to end below the MCP layer: a tool's table drawn from rows the reader
// could not fill comes with a note naming the column's field, the API's unread names and the fix;
// a blank column the API simply does not fill (nothing unread beside it) stays a plain blank.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/api/reader/index.js';
import * as S from '../../src/api/schemas.js';
import type { RoleCatalog } from '../../src/facts/role-catalog.js';
import { createLogger } from '../../src/log.js';
import { collectBlankColumns, completenessNotes } from '../../src/mcp/completeness.js';
import type { ToolContext } from '../../src/mcp/context.js';
import fitScore from '../../tools/fit-score.js';
import { formatEuros, table } from '../../tools/kit/text.js';
import { textOf } from '../support/mcp.js';
import { clientFor, JSON_HEADERS, KEY, mockUpstream, type Upstream } from './helpers.js';

const scouted = (rows: Record<string, unknown>[]) =>
  readAnswer(S.ScoutingResponse, { data: rows }, 'POST /v1/scouting');

function draw(rows: Record<string, unknown>[]) {
  const { value, report } = scouted(rows);
  const { value: text, blank } = collectBlankColumns(() =>
    table(value.data, [
      ['name', (p) => p.name],
      ['club', (p) => p.club],
      ['value', (p) => (p.market_value_eur == null ? null : formatEuros(p.market_value_eur))],
    ]),
  );
  return { text, notes: completenessNotes(blank, [report]) };
}

describe('the completeness guard', () => {
  it('names the field of a blank column, the API’s unread names, and the fix', () => {
    const { notes } = draw([
      { player_id: 'p1', name: 'A', club: 'X', transferWorth: 5e6, shirt: 9 },
      { player_id: 'p2', name: 'B', club: 'Y', transferWorth: 7e6, shirt: 10 },
      { player_id: 'p3', name: 'C', club: 'Z', transferWorth: 1e6, shirt: 4 },
    ]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('"value"');
    expect(notes[0]).toContain('"market_value_eur"');
    expect(notes[0]).toMatch(/transferWorth/);
    expect(notes[0]).toMatch(/doctor/);
    expect(notes[0]).toMatch(/"fields"/);
  });

  it('speaks of a column blank on most rows (80% of 3 or more), not of one blank cell', () => {
    const rows = [1, 2, 3, 4, 5].map((n) => ({ player_id: `p${n}`, name: `N${n}`, team_label: `T${n}` }));
    expect(draw(rows).notes.join('\n')).toContain('"club"');
    const one = [1, 2, 3, 4, 5].map((n) => ({
      player_id: `p${n}`,
      name: `N${n}`,
      club: n === 1 ? null : 'C',
      extra: 'x',
    }));
    expect(draw(one).notes.join('\n')).not.toContain('"club"');
  });

  it('never advises mapping one id field onto another (a blank service_id is an unlinked row)', () => {
    const rows = [1, 2, 3].map((n) => ({
      player_id: `p${n}`,
      service_id: null,
      name: `N${n}`,
      team_id: `t${n}`,
    }));
    const { value, report } = scouted(rows);
    const { blank } = collectBlankColumns(() =>
      table(value.data, [
        ['name', (p) => p.name],
        ['service_id', (p) => p.service_id],
      ]),
    );
    const notes = completenessNotes(blank, [report]);
    expect(notes.join('\n')).not.toMatch(/team_id/);
  });

  it('says nothing of a blank column when the API sent nothing else to read', () => {
    const { text, notes } = draw([
      { player_id: 'p1', service_id: null, name: 'A', club: 'X' },
      { player_id: 'p2', service_id: null, name: 'B', club: 'Y' },
    ]);
    expect(text).toContain('–');
    expect(notes).toEqual([]);
  });
});

describe('the completeness guard in a tool’s answer', () => {
  let upstream: Upstream;
  beforeEach(() => {
    upstream = mockUpstream();
  });
  afterEach(async () => {
    await upstream.agent.close();
  });

  /** fit_score against an upstream whose rows spell the player's name and club `spell` says. */
  async function fits(spell: (id: string) => Record<string, unknown>) {
    upstream.pool.intercept({ path: '/v1/fit-score', method: 'POST' }).reply((req) => {
      const { player_ids } = JSON.parse(String(req.body)) as { player_ids: string[] };
      const data = player_ids.map((id, i) => ({
        player_id: id,
        service_id: null,
        ...spell(id),
        fits: [{ club: 'RC Lens', league: 'Ligue 1', score: 70 + i }],
      }));
      return { statusCode: 200, data: JSON.stringify({ data }), responseOptions: { headers: JSON_HEADERS } };
    });
    const ctx: ToolContext = {
      api: clientFor(upstream),
      roles: undefined as unknown as RoleCatalog,
      logger: createLogger('silent', [KEY]),
      signal: new AbortController().signal,
      progress: () => undefined,
    };
    return textOf(await fitScore.handle({ player_ids: ['p1', 'p2', 'p3'], club: 'RC Lens' }, ctx));
  }

  it('a name the reader does not know: the column is named, with the API’s name and the fix', async () => {
    const text = await fits((id) => ({ playerLabel: `Player ${id}`, currentSide: 'FC Metz' }));
    // One note for both, the fix said once.
    const notes = text.split('\n').filter((line) => line.startsWith('Note: '));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /"name" \(column "player"\), "club" not found \(API names seen: [^)]*playerLabel/,
    );
    expect(notes[0]).toMatch(/currentSide/);
    expect(notes[0]).toContain('"fields"');
    expect((notes[0] as string).length).toBeLessThanOrEqual('Note: '.length + 300);
  });

  it('the same fields in another casing are read, and nothing is said', async () => {
    const text = await fits((id) => ({ FullName: `Player ${id}`, ClubName: 'FC Metz' }));
    expect(text).toContain('Player p2');
    expect(text).toContain('FC Metz');
    expect(text).not.toMatch(/seems to name/);
  });
});
