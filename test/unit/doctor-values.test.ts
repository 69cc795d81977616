// What doctor reads off raw answers: fields found by their values, the paging style, the rows.
import { describe, expect, it } from 'vitest';
import { pageSignals } from '../../src/api/pagination.js';
import { aliasSet } from '../../src/api/reader/aliases.js';
import { pagingOf, playerIdsOf, rawRows } from '../../src/doctor/answers.js';
import { KnownPlayers, mergeFields, valueAliases } from '../../src/doctor/value-aliases.js';

const ranking = [
  { rank: 1, name: 'Léa Martin', club: 'Nantes', age: 24, score: 81, player_id: 'p1', service_id: 'ds_1' },
  { rank: 2, name: 'Ana Costa', club: 'Lyon', age: 27, score: 79, player_id: 'p2', service_id: 'ds_2' },
  { rank: 3, name: 'Ana Costa', club: 'Lille', age: 22, score: 77, player_id: 'p3', service_id: null },
];

function known(): KnownPlayers {
  const players = new KnownPlayers();
  for (const row of ranking) players.add(row);
  return players;
}

describe('valueAliases', () => {
  it('names the fields whose values equal what rankings said of the same player', () => {
    const rows = [
      { player_id: 'p1', playerLabel: 'Léa Martin', teamLabel: 'Nantes', yearsOld: 24, goals: 24 },
      { player_id: 'p2', playerLabel: 'Ana Costa', teamLabel: 'Lyon', yearsOld: '27', goals: 3 },
    ];
    // goals equals the age once, then not: a coincidence, not the age.
    expect(valueAliases(rows, known())).toEqual({
      age: ['yearsOld'],
      club: ['teamLabel'],
      name: ['playerLabel'],
    });
    // fullName and ageYears are the aliases full_name and age_years in another casing: read already.
    expect(valueAliases([{ player_id: 'p1', fullName: 'Léa Martin', ageYears: 24 }], known())).toEqual({});
  });

  it('finds the player by a service_id, by a nested player object, or by a name only one player has', () => {
    const rows = [
      { serviceRef: 'ds_1', label: 'LÉA MARTIN ' },
      { player: { player_id: 'p2', denomination: 'Ana Costa' } },
    ];
    expect(valueAliases(rows, known())).toEqual({
      name: ['denomination', 'label'],
      service_id: ['serviceRef'],
    });
    // "Ana Costa" names two players: it identifies no one.
    expect(valueAliases([{ who: 'Ana Costa', teamLabel: 'Lyon' }], known())).toEqual({});
    expect(valueAliases([{ who: 'Léa Martin', teamLabel: 'Nantes' }], known())).toEqual({
      club: ['teamLabel'],
      name: ['who'],
    });
  });

  it('proposes nothing the reader already reads, nothing that disagrees, no number seen once', () => {
    const rows = [
      { player_id: 'p1', nom: 'Léa Martin', club: 'Nantes', years: 24, team: 'Nantes' },
      { player_id: 'p2', nom: 'Ana Costa', club: 'Lyon', team: 'Paris' },
    ];
    // nom is a known alias of name, club is there, years matched one row only.
    expect(valueAliases(rows, known())).toEqual({});
    // In any casing, a name the client's aliases hold is read: nothing to propose.
    const who = [{ player_id: 'p1', WhoIs: 'Léa Martin' }];
    expect(valueAliases(who, known())).toEqual({ name: ['WhoIs'] });
    expect(valueAliases(who, known(), aliasSet({ name: ['who_is'] }))).toEqual({});
  });

  it('merges field tables without repeating a name', () => {
    expect(mergeFields({ name: ['a'] }, { name: ['b', 'a'], age: ['c'] })).toEqual({
      name: ['a', 'b'],
      age: ['c'],
    });
  });
});

describe('pagingOf: the paging the server reads, in words', () => {
  const url = 'https://api.example/v1/teams?limit=10';
  it.each([
    [{ data: [], next: 'https://api/v1/teams?page=2' }, {}, ['next link']],
    [{ data: [], links: { next: { href: '/v1/teams?cursor=x' } } }, {}, ['next link']],
    [
      { data: [], _links: { next: { href: '/v1/teams?page=1' } }, page: { totalElements: 40 } },
      {},
      ['next link', 'total'],
    ],
    [{ data: [] }, { link: '<https://api.example/v1/teams?p=2>; rel="next"' }, ['next link']],
    // Both words, the header's named as such when the doctor saw the header.
    [{ data: [], links: { next: '/v1/teams?p=2' } }, { 'x-total-count': '40' }, ['next link', 'total']],
    [{ data: [], meta: { next_cursor: 'abc' } }, {}, ['cursor (sent back as "cursor")']],
    [{ data: [], meta: { page: 1, total_pages: 4 } }, {}, ['page/total']],
    [{ data: [], meta: { page_number: 1 } }, {}, ['page (asked as "page_number")']],
    [{ data: [], meta: { total: 40, limit: 10 } }, {}, ['total']],
    [{ data: [] }, { 'x-total-count': '40' }, ['total']],
    [{ data: [], offset: 0, limit: 10 }, {}, ['offset (sent as "offset")']],
    [{ data: [], has_more: true }, {}, ['has_more']],
    // `next` holding a number is sent back as a cursor: the doctor says so, as the tools will do it.
    [{ data: [], pagination: { next: 2, total: 30 } }, {}, ['cursor (sent back as "cursor")', 'total']],
    [
      { data: Array.from({ length: 10 }, () => ({})), pagina: 1, per_pagina: 10, totaal: 57 },
      {},
      [
        'page facts in words not known (pagina, per_pagina, totaal): a list read asks one page more to learn them',
      ],
    ],
    [{ data: [] }, {}, []],
    [[], {}, []],
  ])('%j %j → %j', (body, headers, styles) => {
    expect(pagingOf(pageSignals(body, url, headers))).toEqual(styles);
  });

  it('names a count beside the list only beyond its rows: one holding the rows echoes them', () => {
    const rows = [{}, {}, {}];
    const count = (n: number) => pagingOf(pageSignals({ data: rows, meta: { count: n } }, url), { rows: 3 });
    expect(count(3)).toEqual([]);
    expect(count(40)).toEqual(['count beyond the rows (read as a total)']);
  });

  it("names a next link or a total a header gave as the header's", () => {
    const signals = pageSignals({ data: [] }, url, {
      link: '<https://api.example/v1/teams?p=2>; rel="next"',
      'x-total-count': '40',
    });
    expect(pagingOf(signals, { linkNext: true, totalHeader: true })).toEqual(['Link header', 'total header']);
  });
});

describe('rows and ids of an answer', () => {
  it('finds the rows of a list or a record, and the player ids of every row', () => {
    expect(rawRows({ data: [{ a: 1 }, 2] })).toEqual([{ a: 1 }]);
    expect(rawRows({ data: { players: [{ a: 1 }], meta: {} } })).toEqual([{ a: 1 }]);
    expect(rawRows({ data: { player_id: 'p1' } })).toEqual([{ player_id: 'p1' }]);
    expect(rawRows([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(
      playerIdsOf({
        service_id: 'ds_9',
        data: [{ player_id: 7, service_id: 'ds_9' }, { service_id: 'ds_8' }],
      }),
    ).toEqual({ players: ['7', 'ds_8'], services: ['ds_9', 'ds_8', 'ds_9'] });
  });
});
