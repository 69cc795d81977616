// A women's club and a youth academy scouting in their own words, through a real MCP client against the
// sandbox: no men's answer given for women's players, no club guessed, no unexplained empty list.
import { describe, expect, it } from 'vitest';
import { call, callOk, textOf, useSandboxSession } from '../support/mcp.js';

const session = useSandboxSession();

/** The first `count` players of a ranking, by service_id. */
async function ranked(role: string, league: string, count: number): Promise<string[]> {
  const { body } = await callOk(session.client, 'rank_players_by_role', { role, league, limit: count });
  return body.data.map((r: { service_id: string }) => r.service_id);
}

describe("a club's sides: the players' football, never a guess", () => {
  it("scores women's players for the women's side of a club named as the men's, saying so", async () => {
    const ids = await ranked('defenseur_stoppeur', 'Première Ligue', 3);
    const { body, text } = await callOk(session.client, 'fit_score', {
      player_ids: ids,
      club: 'Chester Rovers',
    });
    for (const row of body.data) {
      expect(row.target_club).toBe('Chester Rovers Women');
      expect(row.target_league).toBe("Women's Super League");
    }
    expect(text).toContain("the players play women's football");
    expect(text).toContain('Chester Rovers Women');
  });

  it("names the league of the club in a scouting report's fit", async () => {
    const [id] = await ranked('defenseur_stoppeur', 'Première Ligue', 1);
    const { text } = await callOk(session.client, 'scouting_report', {
      player_id: id,
      club: 'Chester Rovers',
    });
    expect(text).toContain("### Fit for Chester Rovers Women (Women's Super League)");
  });

  it("keeps the men's side for men's players", async () => {
    const ids = await ranked('defenseur_stoppeur', 'Ligue 1', 2);
    const { body, text } = await callOk(session.client, 'fit_score', {
      player_ids: ids,
      club: 'Chester Rovers',
    });
    for (const row of body.data) expect(row.target_league).toBe('Premier League');
    expect(text).not.toContain("women's side");
  });
});
