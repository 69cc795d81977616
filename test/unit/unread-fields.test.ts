// Three states of a field a tool shows (src/api/reader/unread.ts): a value, absent (null, nothing, a
// placeholder), or unread (a value no reader could read, or the field lacking beside names that could
// hold it). Unread fields are left out of the text and named in the answer's one note.
import { describe, expect, it } from 'vitest';
import { aliasSet } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { unreadMarks } from '../../src/api/reader/unread.js';
import * as S from '../../src/api/schemas.js';
import { collectBlankColumns, completenessNotes } from '../../src/mcp/completeness.js';
import { joined, shownText } from '../../tools/kit/shown.js';
import { table } from '../../tools/kit/text.js';

const teams = (rows: Record<string, unknown>[]) =>
  readAnswer(S.TeamsResponse, { data: rows }, 'GET /v1/teams');

describe('a row’s unread fields', () => {
  // Names no alias table holds (the reader knows "land", "liga", "trainer" in German).
  it('a field lacking beside a name whose values could be it is unread; a flag is no club, a country no league', () => {
    const { value } = teams([
      { team_id: 't1', name: 'RC Lens', krel: 'France', aktiv: true, gruendung: 1906 },
    ]);
    const marks = unreadMarks(value.data[0]);
    expect(marks?.fields).toEqual({ country: 'name' });
    expect(marks?.names.country).toEqual(['krel']);
    const other = teams([{ team_id: 't1', name: 'RC Lens', vant: 'Ligue 1' }]);
    expect(unreadMarks(other.value.data[0])?.fields).toMatchObject({ league: 'name', city: 'name' });
  });

  it('a value that cannot be read is unread; null, a placeholder or nothing else sent is absent', () => {
    const scouted = readAnswer(
      S.ScoutingResponse,
      {
        data: [
          { player_id: 'p1', service_id: null, age: 'about twenty', club: null },
          { player_id: 'p2', service_id: null, age: 'N/A', club: '–' },
          { player_id: 'p3', service_id: null },
          { player_id: 'p4' },
        ],
      },
      'POST /v1/scouting',
    );
    const [unparsed, placeholder, bare, lacking] = scouted.value.data;
    expect(unreadMarks(unparsed)?.fields).toEqual({ age: 'value' });
    expect(unreadMarks(placeholder)).toBeUndefined();
    expect(unreadMarks(bare)).toBeUndefined();
    expect(placeholder).toMatchObject({ age: null, club: null });
    // Every player row carries service_id (null while unlinked): lacking, it is unread, not unlinked.
    expect(unreadMarks(lacking)?.fields).toEqual({ service_id: 'name' });
  });

  it('a field moved into a group as an object whose name nothing reads is unread, not absent', () => {
    // A league as `{id, nome}` under a renamed name, grouped one level down: the group holds it.
    const scouted = readAnswer(
      S.ScoutingResponse,
      {
        data: [
          {
            player_id: 'p1',
            service_id: null,
            extra: { campionato: { id: 'lg_eredivisie', nome: 'Eredivisie' }, nazionalita: 'Spain' },
          },
        ],
      },
      'POST /v1/scouting',
    );
    const [read] = scouted.value.data;
    expect(read?.league ?? null).toBeNull();
    expect(unreadMarks(read)?.fields.league).toBe('name');
    expect(unreadMarks(read)?.names.league).toEqual(['extra.campionato']);
    // A country in a group is still no league.
    const country = readAnswer(
      S.ScoutingResponse,
      { data: [{ player_id: 'p1', service_id: null, extra: { land: { id: 'es', nome: 'Spain' } } }] },
      'POST /v1/scouting',
    );
    expect(unreadMarks(country.value.data[0])?.fields.league).toBeUndefined();
  });

  it('an object standing for a name under an alias of name is read as that name', () => {
    // A club as `{id, nome}`: the reader knows `nome` as a name, so the club is read, not unread.
    const { value } = readAnswer(
      S.ScoutingResponse,
      { data: [{ player_id: 'p1', service_id: null, squadra: { id: 't1', nome: 'VV Breda' } }] },
      'POST /v1/scouting',
    );
    expect(value.data[0]?.club).toBe('VV Breda');
    expect(unreadMarks(value.data[0])?.fields.club).toBeUndefined();
  });

  it('a copy made by spreading a row keeps its marks; JSON never shows them', () => {
    const { value } = teams([{ team_id: 't1', name: 'RC Lens', vant: 'Ligue 1' }]);
    const copy = { ...value.data[0], extra: 1 };
    expect(unreadMarks(copy)?.fields.league).toBe('name');
    expect(JSON.stringify(copy)).not.toMatch(/unread/);
  });
});

describe('an object of fields inside an answer (a summary, its spreads, meta)', () => {
  const group = (summary: Record<string, unknown>) =>
    readAnswer(S.ComparisonResponse, { data: [], summary }, 'GET /v1/comparison').value.summary;

  it('a part lacking beside a name whose value could be it is unread, whatever form the value takes', () => {
    // The median under a made-up name, written for people ("0,1"): not absent.
    const summary = group({
      lefe: 306,
      x: { mean: '0,16', foseipou: '0,1', p10: 0, p90: '0,39' },
      y: { mean: 0.11, median: 0.09, p10: 0.01, p90: 0.23 },
      correlation: '0,39',
    });
    expect(summary?.x).toMatchObject({ mean: 0.16, p10: 0, p90: 0.39 });
    // Which of the parts it lacks the name holds cannot be told: each is unread.
    expect(unreadMarks(summary?.x)?.fields).toEqual({ median: 'name', min: 'name', max: 'name' });
    expect(unreadMarks(summary?.x)?.names.median).toEqual(['foseipou']);
    expect(unreadMarks(summary)?.fields).toEqual({ count: 'name' });
    expect(unreadMarks(summary?.y)).toBeUndefined();
    // A standard deviation beside a spread without a median is no median under another name.
    expect(unreadMarks(group({ x: { mean: 1, sd: 0.2 }, y: {} })?.x)).toBeUndefined();
  });

  it('a part no reader can read is unread and the rest of the object is kept', () => {
    const summary = group({
      count: 306,
      x: { mean: 0.16, median: 'about a tenth', p10: 0, p90: 0.39 },
      y: { mean: 0.11, median: 0.09 },
    });
    expect(summary?.x).toMatchObject({ mean: 0.16, median: null, p90: 0.39 });
    expect(unreadMarks(summary?.x)?.fields).toEqual({ median: 'value' });
    expect(summary?.count).toBe(306);
  });

  it('a part under a name the routes file gives it is read: the fix the note names works', () => {
    const { value } = readAnswer(
      S.ComparisonResponse,
      { data: [], summary: { x: { mean: 0.16, foseipou: '0,1' }, y: {} } },
      'GET /v1/comparison',
      aliasSet({ median: ['foseipou'] }),
    );
    expect(value.summary?.x?.median).toBe(0.1);
    expect(unreadMarks(value.summary?.x)?.fields.median).toBeUndefined();
  });

  it("a head-to-head's count under another name is unread, the others read", () => {
    const { value } = readAnswer(
      S.HeadToHeadResponse,
      { data: { summary: { played: 5, wins: 2, draws: 1, poukes: 2 }, meetings: [] } },
      'GET /v1/teams/:id/head-to-head/:otherId',
    );
    expect(value.data.summary).toMatchObject({ played: 5, wins: 2, draws: 1 });
    expect(value.data.summary?.losses ?? null).toBeNull();
    expect(unreadMarks(value.data.summary)?.fields.losses).toBe('name');
    expect(unreadMarks(value.data)).toBeUndefined();
  });
});

describe('the text of unread fields', () => {
  it('leaves them out, never as "?", "(null)" or "–", and names them all in one short note', () => {
    const { value, report } = teams([
      { id: 't1', name: 'RC Lens', vant: 'Ligue 1', krel: 'France', morb: 'Will Still' },
      { id: 't2', name: 'FC Metz', vant: 'Ligue 1', krel: 'France', morb: 'Stéphane Le Mignan' },
    ]);
    const {
      value: text,
      blank,
      unread,
    } = collectBlankColumns(
      () =>
        [
          table(value.data, [
            ['team', (t) => t.name],
            ['league', (t) => t.league],
          ]),
          ...value.data.map((t) =>
            joined([shownText(t, 'name'), shownText(t, 'country'), shownText(t, 'coach')]),
          ),
        ].join('\n'),
      [report],
    );
    expect(text).not.toMatch(/\?|\(null\)|–|none|not given/);
    expect(text).toContain('| RC Lens |  |');
    const notes = completenessNotes(blank, [report], unread);
    expect(notes).toHaveLength(1);
    const [note] = notes as [string];
    expect(note.length).toBeLessThanOrEqual(300);
    for (const field of ['"league"', '"country"', '"coach"']) expect(note).toContain(field);
    expect(note).toMatch(/vant/);
    expect(note.match(/"fields"/g)).toHaveLength(1);
  });
});
