// A list of several leagues says when it mixes men's and women's football, and says when it could not check.
import { expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { footballMixNote } from '../../tools/kit/league-scope.js';

const leaguesAnswer = (rows: object[]) =>
  ({ leagues: async () => ({ data: { data: rows } }) }) as unknown as ApiClient;

it('counts each side of a list that mixes men’s and women’s football', async () => {
  const api = leaguesAnswer([
    { name: 'Liga F', gender: 'women' },
    { name: 'LaLiga', gender: 'men' },
    { name: 'Ligue 1', gender: 'men' },
  ]);
  const [note] = await footballMixNote(api, ['Liga F', 'LaLiga', 'Ligue 1'], undefined);
  expect(note).toMatch(/mixes men's and women's football \(1 women's league, 2 men's leagues\)/);
  expect(await footballMixNote(api, ['LaLiga', 'Ligue 1'], undefined)).toEqual([]);
});

it('says it could not check when the league list cannot be read, never that the list is one football', async () => {
  const api = { leagues: async () => Promise.reject(new Error('503')) } as unknown as ApiClient;
  const notes = await footballMixNote(api, ['Liga F', 'LaLiga'], undefined);
  expect(notes).toEqual([expect.stringMatching(/could not be checked/)]);
});
