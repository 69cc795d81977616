// A direct undici client of the upstream API: the baseline an MCP call is compared with, and the
// way the benchmarks pick real player ids before a session.
import { Pool } from 'undici';

export class DirectClient {
  readonly pool: Pool;

  constructor(
    baseUrl: string,
    private readonly key: string,
    connections = 16,
  ) {
    this.pool = new Pool(baseUrl, { connections, keepAliveTimeout: 30_000 });
  }

  get(path: string, query: Record<string, string | number> = {}): Promise<unknown> {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return this.send('GET', search ? `${path}?${search}` : path);
  }

  post(path: string, body: unknown): Promise<unknown> {
    return this.send('POST', path, JSON.stringify(body));
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async send(method: 'GET' | 'POST', path: string, body?: string): Promise<unknown> {
    const response = await this.pool.request({
      path,
      method,
      headers: {
        accept: 'application/json',
        'x-api-key': this.key,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body } : {}),
    });
    const json = (await response.body.json()) as unknown;
    if (response.statusCode !== 200) {
      throw new Error(`${method} ${path.split('?')[0]}: ${response.statusCode} ${JSON.stringify(json)}`);
    }
    return json;
  }
}

export interface PickedPlayer {
  player_id: string;
  service_id: string;
  name: string;
  club: string;
  league: string;
}

/** The best linked players of a role in a league, read straight from the upstream. */
export async function topPlayers(
  direct: DirectClient,
  role: string,
  league: string,
  count: number,
): Promise<PickedPlayer[]> {
  const body = (await direct.get('/v1/rankings', { role, league, limit: 40 })) as {
    data: Array<Partial<PickedPlayer>>;
  };
  const linked = body.data.filter(
    (p): p is PickedPlayer => typeof p.service_id === 'string' && typeof p.player_id === 'string',
  );
  if (linked.length < count) throw new Error(`only ${linked.length} linked ${role} players in ${league}`);
  return linked.slice(0, count);
}
