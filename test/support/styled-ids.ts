// Test support for the `ids` style piece (src/sandbox/styles/ids.ts): the plain run's ids sent as the
// style writes them, as an agent takes them from its answers; and a styled answer's ids back in the
// plain form, so its facts compare with the plain answer's.
import { COACH, decodeId, encodeId, PLAYER, TEAM } from '../../src/sandbox/numeric-ids.js';
import { drawFrom } from '../../src/sandbox/styles/draw.js';
import { idsDrawn } from '../../src/sandbox/styles/ids.js';
import { parseStyleSpec, styleOf } from '../../src/sandbox/styles/index.js';
import type { Ids } from './tool-plans.js';

/** The fields of an answer (the API's and the server's own) that hold an id of each kind. */
const KINDS = {
  player_id: PLAYER,
  team_id: TEAM,
  other_team_id: TEAM,
  opponent_id: TEAM,
  coach_id: COACH,
};

/** The ids as a style with the `ids` piece writes them (its digits, as a tool's argument is text). */
export function idsAsStyled(spec: string, ids: Ids): Ids {
  if (!styleOf(spec).pieces.includes('ids')) return ids;
  const { kinds } = idsDrawn(drawFrom(parseStyleSpec(spec).seed).fork('ids').fork('parameters'));
  const as = (field: 'player_id' | 'team_id' | 'coach_id', id: string) => {
    const kind = kinds[field];
    const n = kind ? encodeId(kind, id) : undefined;
    return n === undefined ? id : String(n);
  };
  return {
    ...ids,
    pid: [as('player_id', ids.pid[0]), as('player_id', ids.pid[1])],
    team: as('team_id', ids.team),
    otherTeam: as('team_id', ids.otherTeam),
    coach: as('coach_id', ids.coach),
  };
}

/** `answer` with every player, team and coach id written as digits back in the plain form. */
export function idsAsPlain(answer: unknown, key = ''): unknown {
  if (Array.isArray(answer)) return answer.map((v) => idsAsPlain(v, key === 'player_ids' ? 'player_id' : ''));
  if (typeof answer === 'object' && answer !== null)
    return Object.fromEntries(Object.entries(answer).map(([k, v]) => [k, idsAsPlain(v, k)]));
  const kind = KINDS[key as keyof typeof KINDS];
  return kind ? decodeId(kind, answer) : answer;
}

/** The digits of every id `answer` (a styled answer, as it came) holds, by the plain id each stands for. */
function idDigits(answer: unknown, out = new Map<string, string>(), key = ''): Map<string, string> {
  if (Array.isArray(answer))
    for (const v of answer) idDigits(v, out, key === 'player_ids' ? 'player_id' : '');
  else if (typeof answer === 'object' && answer !== null)
    for (const [k, v] of Object.entries(answer)) idDigits(v, out, k);
  else {
    const kind = KINDS[key as keyof typeof KINDS];
    const plain = kind ? decodeId(kind, answer) : undefined;
    if (plain !== undefined && plain !== answer && typeof plain === 'string')
      out.set(String(answer).trim(), plain);
  }
  return out;
}

/** A styled answer's text with the ids its structured content holds as digits written in the plain form. */
export function textIdsAsPlain(text: string, answer: unknown): string {
  const digits = idDigits(answer);
  if (digits.size === 0) return text;
  return text.replace(/\b\d{1,16}\b/g, (token) => digits.get(token) ?? token);
}
