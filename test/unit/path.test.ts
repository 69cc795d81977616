import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/api/errors.js';
import { buildPath, encodeSegment } from '../../src/api/path.js';
import { HistoryResponse } from '../../src/api/schemas.js';
import { clientFor, mockUpstream, rejectionOf, type Upstream } from './helpers.js';

describe('encodeSegment / buildPath', () => {
  const cases: [string, string][] = [
    ['p123', 'p123'],
    ['ds_AbCdEfGh12345678', 'ds_AbCdEfGh12345678'],
    ['a/b', 'a%2Fb'],
    ['a b', 'a%20b'],
    ['what?x=1', 'what%3Fx%3D1'],
    ['frag#ment', 'frag%23ment'],
    ['100%', '100%25'],
    ['Müller', 'M%C3%BCller'],
    ['Кирилл', '%D0%9A%D0%B8%D1%80%D0%B8%D0%BB%D0%BB'],
    ['a\\b', 'a%5Cb'],
    ['...', '...'],
    ['%2e%2e', '%252e%252e'],
  ];
  for (const [input, encoded] of cases) {
    it(`encodes ${JSON.stringify(input)} as ${encoded}`, () => {
      expect(encodeSegment(input)).toBe(encoded);
      expect(buildPath('/v1/players/:id/history', { id: input })).toBe(`/v1/players/${encoded}/history`);
    });
  }

  for (const input of ['.', '..', '', '   ', ' .. ', '\t.\n']) {
    it(`refuses ${JSON.stringify(input)} with InvalidArgumentError`, () => {
      let caught: unknown;
      try {
        buildPath('/v1/players/:id', { id: input });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidArgumentError);
      expect((caught as InvalidArgumentError).argument).toBe('id');
      expect((caught as InvalidArgumentError).kind).toBe('invalid_argument');
    });
  }

  it('names the segment in the refusal', () => {
    expect(() => encodeSegment('..', 'otherId')).toThrow(/otherId/);
  });

  it('fills every parameter of a template with two of them', () => {
    expect(buildPath('/v1/teams/:id/head-to-head/:otherId', { id: 'a/b', otherId: 'c d' })).toBe(
      '/v1/teams/a%2Fb/head-to-head/c%20d',
    );
  });

  it('refuses a template whose parameter is missing', () => {
    expect(() => buildPath('/v1/players/:id', {})).toThrow(/missing path parameter id/);
  });

  it('leaves a template without parameters as it is', () => {
    expect(buildPath('/v1/leagues')).toBe('/v1/leagues');
  });
});

describe('paths the client requests', () => {
  let upstream: Upstream;
  beforeEach(() => {
    upstream = mockUpstream();
    upstream.pool
      .intercept({ path: () => true, method: 'GET' })
      .reply(200, { service_id: null, data: [] })
      .persist();
  });
  afterEach(async () => {
    await upstream.agent.close();
  });

  it("an id like '../leagues' stays inside the players route", async () => {
    await clientFor(upstream).call('playerHistory', HistoryResponse, { params: { id: '../leagues' } });
    expect(upstream.sent.map((r) => r.path)).toEqual(['/v1/players/..%2Fleagues/history']);
  });

  it("an id like 'x?admin=1#' cannot add a query or a fragment", async () => {
    await clientFor(upstream).call('playerHistory', HistoryResponse, { params: { id: 'x?admin=1#' } });
    expect(upstream.sent.map((r) => r.path)).toEqual(['/v1/players/x%3Fadmin%3D1%23/history']);
  });

  it('a base path prefix is kept in front of the encoded path', async () => {
    await clientFor(upstream, { baseUrl: 'https://api.test/football' }).call('player', HistoryResponse, {
      params: { id: 'a/b' },
    });
    expect(upstream.sent.map((r) => r.path)).toEqual(['/football/v1/players/a%2Fb']);
  });

  for (const id of ['..', '.', '', '  ']) {
    it(`the id ${JSON.stringify(id)} is refused before any request`, async () => {
      const error = await rejectionOf(
        clientFor(upstream).call('playerHistory', HistoryResponse, { params: { id } }),
      );
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect(upstream.sent).toHaveLength(0);
    });
  }
});
