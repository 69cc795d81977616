// Statistics in the words a reader uses, through a real SDK client against the sandbox: compare_players,
// get_player and scouting_report name statistics by the glossary (or a readable form of the key), show
// money in euros, keep snake_case keys to structured content, and show only the player's position's
// statistics, saying how many others were left out.
import { describe, expect, it } from 'vitest';
import { isGoalkeeping } from '../../src/domain/position-statistics.js';
import { call, structured, textOf, useSandboxSession } from '../support/mcp.js';
import { MBENRA } from '../support/people.js';

const session = useSandboxSession();

const SNAKE = /\b[a-z0-9]+_[a-z0-9_]+\b/i;

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The glossary as the API gives it, through get_glossary: the expected labels ("Goals (per 90)"). */
async function glossary() {
  const body = structured(await call(session.client, 'get_glossary', { kind: 'statistic', limit: 100 }));
  const entries = new Map(
    (body.data as { key: string; name: string | null; unit: string | null }[]).map((e) => [e.key, e]),
  );
  const label = (key: string) => `${entries.get(key)?.name} (${entries.get(key)?.unit})`;
  return { entries, label };
}

/**
 * Header cells of every markdown table in `text`, and with `rowLabels` the first cell of each of its rows
 * (a comparison's row labels; elsewhere a first cell is a value, such as a role key).
 */
function tableLabels(text: string, rowLabels = true): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    if (!line.startsWith('|') || line.startsWith('|---')) return [];
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const header = !lines[i - 1]?.startsWith('|');
    return header ? cells : rowLabels ? cells.slice(0, 1) : [];
  });
}

/** The labels of a player's text: headings, the card's facts, the statistics and strengths lines' names. */
function playerLabels(text: string): string[] {
  const lines = text.split('\n');
  const stats = lines.flatMap((line, i) =>
    lines[i - 1]?.startsWith('### Statistics')
      ? line.split(' · ').map((s) => s.replace(/ -?[\d.]+$/, ''))
      : [],
  );
  const named = lines
    .filter((l) => /^(Strengths|Weaknesses): /.test(l))
    .flatMap((l) =>
      l
        .replace(/^\w+: /, '')
        .split(', ')
        .map((s) => s.replace(/ -?[\d.]+ \(p[\d.]+\)$/, '')),
    );
  const headings = lines.filter((l) => l.startsWith('#') && !l.startsWith('## '));
  const card = lines.filter((l) => l.includes(' · season '));
  return [...stats, ...named, ...headings, ...card, ...tableLabels(text, false)];
}

describe('statistics in words', () => {
  it('compare_players: glossary names with units, money in euros, no goalkeeping rows for outfield players', async () => {
    const ranked = structured(
      await call(session.client, 'rank_players_by_role', {
        role: 'milieu_ratisseur',
        league: 'Ligue 1',
        limit: 5,
      }),
    );
    const ids = (ranked.data as { service_id: string | null }[])
      .flatMap((r) => (r.service_id ? [r.service_id] : []))
      .slice(0, 2);
    expect(ids).toHaveLength(2);
    const result = await call(session.client, 'compare_players', { player_ids: ids });
    const text = textOf(result);
    const body = structured(result);
    const statistics = (body.data as { statistics: Record<string, unknown> }[]).flatMap((p) =>
      Object.keys(p.statistics),
    );
    // The keys stay in structured content; the glossary's names and units are the text's.
    expect(statistics).toContain('market_value_eur');
    expect(body.statistic_names).toBeUndefined();
    const every = structured(await call(session.client, 'get_glossary', { limit: 100 })).data as {
      key: string;
      name: string | null;
      unit: string | null;
    }[];
    const names = Object.fromEntries(every.map((e) => [e.key, e]));
    expect(names.market_value_eur?.unit).toBe('EUR');
    expect(text).toMatch(new RegExp(`\\| ${names.market_value_eur?.name} \\| €\\d+(\\.\\d+)?[mk] \\| €`));
    expect(text).not.toContain('market_value_eur');
    expect(text).toContain('(per 90) |');
    expect(text).toContain('(%) |');
    // No statistic by its key; the ids' row is named as the API names them.
    expect(tableLabels(text).filter((l) => SNAKE.test(l) && l !== 'service_id')).toEqual([]);
    // Goalkeeping statistics, blank for both outfield players, are in neither form.
    expect([...new Set(statistics)].filter(isGoalkeeping)).toEqual([]);
    for (const key of ['saves_pct', 'goals_prevented']) expect(text).not.toContain(`| ${names[key]?.name}`);
    expect(text).not.toContain('left out');
  });

  it('comparison_group and rank_players_by_statistic: the statistic named by the glossary, with its unit', async () => {
    const { label } = await glossary();
    const text = textOf(
      await call(session.client, 'comparison_group', {
        x: 'progressive_passes',
        y: 'pass_completion_pct',
        league: 'Ligue 1',
        limit: 5,
      }),
    );
    const headers = tableLabels(text, false);
    expect(headers).toContain(label('progressive_passes'));
    expect(headers).toContain(label('pass_completion_pct'));
    expect(text).toContain(`x = ${label('progressive_passes')}: mean `);
    // Ids keep the name the other tools take them by.
    expect(headers.filter((h) => SNAKE.test(h) && h !== 'service_id')).toEqual([]);
    expect(text).not.toMatch(/\bprogressive_passes\b|\bpass_completion_pct\b/);

    const ranked = textOf(
      await call(session.client, 'rank_players_by_statistic', {
        statistic: 'progressive_passes',
        league: 'Ligue 1',
      }),
    );
    expect(ranked).toMatch(
      new RegExp(`^(Season [^\\n]+\\n)?${literal(label('progressive_passes'))} ranking in Ligue 1`),
    );
    expect(ranked).not.toContain('progressive_passes');
  });

  it('get_player and scouting_report: readable names, groups in words, no goalkeeping statistics for a midfielder', async () => {
    const player = textOf(
      await call(session.client, 'get_player', {
        player_id: MBENRA,
        sections: ['statistics', 'strengths', 'roles'],
      }),
    );
    const report = textOf(await call(session.client, 'scouting_report', { player_id: MBENRA }));
    for (const text of [player, report]) {
      const labels = playerLabels(text);
      expect(labels.length).toBeGreaterThan(10);
      expect(labels.filter((l) => SNAKE.test(l))).toEqual([]);
      expect(text).toMatch(/percentiles among \d+ central midfielders of Ligue 1/);
    }
    expect(player).not.toMatch(/save|goals prevented|sweeper/i);
    expect(player).toMatch(/\d+ statistics? of other positions left out \(in structured content\)\./);
    const body = structured(
      await call(session.client, 'get_player', { player_id: MBENRA, sections: ['statistics'] }),
    );
    expect(Object.keys(body.data.statistics.values).some(isGoalkeeping)).toBe(true);
  });

  it("get_player and scouting_report: the glossary's names and units, the keys only in structured content", async () => {
    const { entries, label } = await glossary();
    const pass = entries.get('pass_completion_pct');
    expect(pass?.name && pass.unit).toBeTruthy();

    const player = await call(session.client, 'get_player', {
      player_id: MBENRA,
      sections: ['statistics', 'strengths'],
    });
    const report = await call(session.client, 'scouting_report', { player_id: MBENRA });
    for (const result of [player, report]) {
      const text = textOf(result);
      const body = structured(result);
      const strengths = [...body.data.strengths.strengths, ...body.data.strengths.weaknesses].map(
        (x: { statistic: string }) => x.statistic,
      );
      const keys = [...Object.keys(body.data.statistics?.values ?? {}), ...strengths];
      expect(strengths.length).toBeGreaterThan(0);
      // Every statistic named in the strengths line by the glossary's name and unit.
      for (const key of strengths) expect(text).toContain(`${label(key)} `);
      // Keys in structured content, the glossary's words in the text only; no key in the text.
      expect(body.statistic_names).toBeUndefined();
      for (const key of keys) {
        expect(entries.get(key)?.name).toEqual(expect.any(String));
        if (SNAKE.test(key)) expect(text).not.toMatch(new RegExp(`\\b${key}\\b`));
      }
      expect(text).not.toContain('glossary could not be read');
    }
    expect(textOf(player)).toMatch(new RegExp(`${literal(label('pass_completion_pct'))} [\\d.]+ · `));
  });
});
