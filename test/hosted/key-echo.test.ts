// An upstream that echoes the key it was sent, everywhere it can: in a 400's `error.param`, its
// `parameter` and message, in names and links of a 200, in a header. The built server, hosted with
// server tokens over real HTTP: neither the server's key (to a token holder) nor a caller's key
// reaches any tool result, resource or log line.
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, spawnHttpServer, stop } from '../support/mcp.js';
import { httpClient } from './support.js';

// Both fit the form of a parameter name, so an upstream naming one as its `param` is believed.
const SERVER_KEY = 'sk_live_SERVER_7f3a9c1e5b2d4f60';
const CALLER_KEY = 'sk_live_CALLER_0c4e2a9b7d1f3e85';
const TOKEN = 'token-key-echo-aaaaaaaaaaaa';

let upstream: Server;
let server: { url: string; child: ChildProcess; stderr: () => string };

/** Answers the leagues with the key in names, codes and links; every other route with a 400 about it. */
function echoingUpstream(): Server {
  return createServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? '');
    // Every header the server reads, echoing the key in a form that still lets the answer be read.
    const headers = {
      'content-type': `application/json; charset=utf-8; echo=${key}`,
      'x-ratelimit-limit': key,
      'x-ratelimit-remaining': key,
      'x-ratelimit-reset': key,
      'retry-after': key,
      date: key,
      link: `<https://api.example/v1/leagues?page=2&key=${encodeURIComponent(key)}>; rel="next"`,
      location: `https://api.example/${key}`,
      'x-echo': key,
    };
    if ((req.url ?? '').startsWith('/v1/leagues')) {
      const league = (n: number) => ({
        id: `l${n}`,
        name: `League of ${key}`,
        country: key,
        code: JSON.stringify({ key }),
        link: `https://api.example/v1/leagues?api_key=${encodeURIComponent(key)}`,
        [key]: key,
      });
      res.writeHead(200, headers);
      return void res.end(JSON.stringify({ data: [league(1), league(2)], echo: key }));
    }
    res.writeHead(400, headers);
    res.end(
      JSON.stringify({
        error: { status: 400, code: 'bad_request', param: key, parameter: key, message: `bad key ${key}` },
      }),
    );
  });
}

beforeAll(async () => {
  upstream = echoingUpstream();
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await spawnHttpServer(['--auth-tokens', TOKEN, '--log-level', 'debug', '--retries', '0'], {
    FOOTBALL_API_BASE_URL: base,
    FOOTBALL_API_KEY: SERVER_KEY,
  });
}, 30_000);

afterAll(async () => {
  await stop(server.child);
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

/** Everything a client can read back from a tour of tools and resources. */
async function tour(client: Client): Promise<string> {
  const seen: unknown[] = [];
  for (const [name, args] of [
    ['list_leagues', {}],
    ['rank_players_by_role', { role: 'regista', league: 'Ligue 1', limit: 3 }],
    ['search_players', { query: 'ma' }],
    ['player_history', { player_id: 'ds_0000000000000000' }],
    ['quota_status', { refresh: true }],
  ] as const) {
    seen.push(await call(client, name, args));
  }
  for (const uri of ['football://leagues', 'football://roles']) {
    seen.push(await client.readResource({ uri }).catch((error: Error) => error.message));
  }
  return JSON.stringify(seen);
}

describe('an upstream echoing the key', () => {
  it("never gets the server's key to a token holder, nor a caller's key to its caller, nor either to the log", async () => {
    const holder = await httpClient(server.url, { authorization: `Bearer ${TOKEN}` });
    const caller = await httpClient(server.url, {
      authorization: `Bearer ${TOKEN}`,
      'x-api-key': CALLER_KEY,
    });
    try {
      const holderSaw = await tour(holder);
      const callerSaw = await tour(caller);
      // The tour did reach the echoing upstream: its answers are in what came back, the key masked.
      expect(holderSaw).toContain('League of [redacted]');
      expect(holderSaw).toContain('rejected the request as invalid');
      for (const seen of [holderSaw, callerSaw, server.stderr()]) {
        for (const key of [SERVER_KEY, CALLER_KEY, encodeURIComponent(SERVER_KEY)]) {
          expect(seen).not.toContain(key);
        }
      }
    } finally {
      await holder.close();
      await caller.close();
    }
  }, 60_000);
});
