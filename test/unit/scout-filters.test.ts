// scout_players' local filters and search_players' order, on rows as the reader gives them.
import { describe, expect, it } from 'vitest';
import type { ScoutedPlayer } from '../../src/api/schemas.js';
import { byNameAndProminence, nameMatch } from '../../tools/kit/name-rank.js';
import {
  byFamily,
  byLeagueAsked,
  byValue,
  inTurn,
  mergeByScore,
  readFoot,
} from '../../tools/kit/scout-filters.js';

function scouted(fields: Partial<ScoutedPlayer>): ScoutedPlayer {
  return { player_id: null, service_id: null, name: null, ...fields } as ScoutedPlayer;
}

describe('readFoot', () => {
  it.each([
    ['Left', 'left'],
    ['gauche', 'left'],
    ['L', 'left'],
    ['right-footed', 'right'],
    ['Droit', 'right'],
    ['both', 'both'],
    ['Ambidextrous', 'both'],
  ])('reads "%s" as %s', (word, foot) => expect(readFoot(word)).toBe(foot));

  it('reads nothing it cannot place', () => {
    expect(readFoot('unknown')).toBeUndefined();
    expect(readFoot(null)).toBeUndefined();
  });
});

describe('search order', () => {
  it('ranks the whole name, then the surname, then whole words, then part of a word', () => {
    expect(nameMatch('Mamadou Mbondé', 'mamadou mbonde')).toBe(0);
    expect(nameMatch('Mamadou Mbondé', 'Mbondé')).toBe(1);
    expect(nameMatch('Mbondé Diallo', 'Mbonde')).toBe(2);
    expect(nameMatch('Mbondéa Diallo', 'Mbonde')).toBe(3);
  });

  it('puts the most minutes first within a tier, then score, then the API order; unknown minutes last', () => {
    const rows = [
      { name: 'Anna Mbondé', minutes: 100 },
      { name: 'Zoé Mbondé', minutes: 900 },
      { name: 'Yves Mbondé', minutes: null, score: 90 },
      { name: 'Mbondé', minutes: 10 },
      { name: 'Bea Mbondé', minutes: 900, score: 70 },
    ];
    expect(byNameAndProminence(rows, 'Mbondé').map((r) => r.name)).toEqual([
      'Mbondé',
      'Bea Mbondé',
      'Zoé Mbondé',
      'Anna Mbondé',
      'Yves Mbondé',
    ]);
  });
});

describe('scout filters', () => {
  it('merges leagues by score, each player once', () => {
    const merged = mergeByScore([
      [scouted({ service_id: 'ds_a', score: 60 }), scouted({ service_id: 'ds_b', score: 80 })],
      [scouted({ service_id: 'ds_a', score: 60 }), scouted({ player_id: 'p1', score: 70 })],
    ]);
    expect(merged.map((r) => r.service_id ?? r.player_id)).toEqual(['ds_b', 'p1', 'ds_a']);
  });

  it('takes leagues whose scores are unread in turn, each in the API order, then shows them league by league', () => {
    const lists = [
      [scouted({ service_id: 'a1' }), scouted({ service_id: 'a2' }), scouted({ service_id: 'a3' })],
      [scouted({ service_id: 'b1' })],
      [scouted({ service_id: 'c1' }), scouted({ service_id: 'a2' }), scouted({ service_id: 'c2' })],
    ];
    const taken = inTurn(lists);
    // One of each league first, so a cut keeps a share of each; a player met twice once.
    expect(taken.map((r) => r.service_id)).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'c2']);
    const cut = taken.slice(0, 5);
    expect(byLeagueAsked(cut, lists).map((r) => r.service_id)).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
  });

  it('keeps a family by the row position, and counts rows it could not place', () => {
    const { rows, notes } = byFamily(
      [
        scouted({ name: 'a', position: 'centre_back', role: 'defenseur_relanceur' }),
        scouted({ name: 'b', position: 'Goalkeeper', role: 'defenseur_relanceur' }),
        scouted({ name: 'c', position: null, role: 'defenseur_relanceur' }),
      ],
      'centre_back',
    );
    expect(rows.map((r) => r.name)).toEqual(['a']);
    expect(notes).toEqual([
      'position centre back: 1 rows of other positions left out.',
      'position centre back: 1 rows left out, their position could not be read.',
    ]);
  });

  it('leaves out rows above the ceiling and rows with no value, saying so', () => {
    const { rows, notes } = byValue(
      [
        scouted({ name: 'a', market_value_eur: 5_000_000 }),
        scouted({ name: 'b', market_value_eur: 5_000_001 }),
        scouted({ name: 'c', market_value_eur: null }),
      ],
      5_000_000,
    );
    expect(rows.map((r) => r.name)).toEqual(['a']);
    expect(notes).toHaveLength(2);
  });
});
