// The completeness guard end to end below the MCP layer: a tool's table drawn from rows the reader
// could not fill comes with a note naming the column's field, the API's unread names and the fix;
// a blank column the API simply does not fill (nothing unread beside it) stays a plain blank.
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/api/reader/index.js';
import * as S from '../../src/api/schemas.js';
import { collectBlankColumns, completenessNotes } from '../../src/mcp/completeness.js';
import { formatEuros, table } from '../../tools/kit/text.js';

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

  it('says nothing of a blank column when the API sent nothing else to read', () => {
    const { text, notes } = draw([
      { player_id: 'p1', name: 'A', club: 'X' },
      { player_id: 'p2', name: 'B', club: 'Y' },
    ]);
    expect(text).toContain('–');
    expect(notes).toEqual([]);
  });
});
