// What the player record's reader reads, get_player and scouting_report show: a field read and then left
// out of the card is a value of the upstream's the answer drops without a word (appearances, the birth
// date and the data's date once were).
import { expect, it } from 'vitest';
import { PlayerRecord } from '../../src/api/schemas.js';
import { PlayerCardOut, toPlayerCard } from '../../tools/kit/player-sections.js';

/** Record fields the card does not carry, and why that loses nothing. */
const NOT_ON_THE_CARD: Readonly<Record<string, string>> = {
  competition: "league or cup: the row's league names the competition",
};

it('the card carries every field the record reader reads', () => {
  const card = Object.keys(PlayerCardOut.shape);
  const left = PlayerRecord.fields.filter((f) => !card.includes(f) && !(f in NOT_ON_THE_CARD));
  expect(left).toEqual([]);
});

it("each value read is the card's", () => {
  const read = PlayerRecord.readRecord({
    player_id: 'p1',
    service_id: 'ds_0000000000000001',
    name: 'A',
    birth_date: '2005-02-12',
    appearances: 10,
    minutes: 461,
    data_as_of: '2026-11-16',
  });
  if (!read.ok) throw new Error(read.at);
  expect(toPlayerCard(read.value)).toMatchObject({
    birth_date: '2005-02-12',
    appearances: 10,
    minutes: 461,
    data_as_of: '2026-11-16',
  });
});
