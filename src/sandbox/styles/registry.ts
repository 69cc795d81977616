// Every piece a style may take, in the order they shape an answer (the first sees the handler's
// answer; wire pieces last). A new piece is one line here; a dialect with nothing to draw becomes one
// with `fromDialect(dialect, chance)` (piece.ts).

import { maintenance } from '../dialects/maintenance.js';
import { slashed } from '../dialects/slashed.js';
import { accents } from './accents.js';
import { amounts } from './amounts.js';
import { bare } from './bare.js';
import { blanks } from './blanks.js';
import { casing } from './casing.js';
import { compress } from './compress.js';
import { dates } from './dates.js';
import { display } from './display.js';
import { flatten, underscored } from './flatten.js';
import { group } from './group.js';
import { hal } from './hal.js';
import { ids } from './ids.js';
import { labels } from './labels.js';
import { objects } from './objects.js';
import { pageWords } from './page-words.js';
import { paging } from './paging.js';
import { fromDialect, type Piece } from './piece.js';
import { rename } from './rename.js';
import { reorder } from './reorder.js';
import { resource } from './resource.js';
import { says } from './says.js';
import { strings } from './strings.js';
import { throttle } from './throttle.js';

export const PIECES: readonly Piece[] = [
  // First: every other piece sees the ids as the API sends them (a resource object's id, a string).
  ids,
  // Before any name changes: a player's name is the `name` of an object holding a player_id or service_id.
  accents,
  reorder,
  display,
  amounts,
  dates,
  strings,
  blanks,
  labels,
  objects,
  // Before the names change: a resource object's id is the row's own id field (team_id…), found by name.
  resource,
  group,
  rename,
  casing,
  // After the names change: a flattened name joins the names as they are sent.
  flatten,
  underscored,
  // After the names change: a record's fields meet the answer's own at the top only once they are named.
  bare,
  paging,
  pageWords,
  hal,
  // After the paging pieces: their meta is there to add to.
  says,
  // The deployments' HTTP habits (their dialects, as they are): a redirect to the path plus "/", a
  // maintenance window answering 503 with Retry-After.
  fromDialect(slashed, 0.3),
  fromDialect(maintenance, 0.2),
  throttle,
  compress,
];
