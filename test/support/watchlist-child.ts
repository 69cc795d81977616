// A separate process writing to a file store, for the multi-process and kill -9 tests
// (test/reliability/store-processes.test.ts). Run with `node --import tsx`.
//   add <dir> <key> <list> <prefix> <count>: says "ready", waits for "go" on stdin, adds <count> players
//     one change at a time, then exits.
//   ack <dir> <key> <list> <service_id>: adds one player, prints "ok" once update() resolved, then waits
//     (to be killed).
import { FileWatchlistStore } from '../../src/store/watchlists-file.js';
import { adding } from './watchlist-contract.js';

const [mode, dir = '', key = '', list = '', arg = '', count = '0'] = process.argv.slice(2);
const store = await FileWatchlistStore.open(dir, {
  limits: { maxWatchlists: 5, maxPlayers: 500, snapshots: 8, maxBytes: 8_000_000 },
});
const owner = store.ownerOf(key);

if (mode === 'add') {
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  for (let i = 0; i < Number(count); i++) {
    await store.update(owner, list, adding(list, `ds_${arg}${String(i).padStart(16 - arg.length, '0')}`));
  }
  process.exit(0);
} else if (mode === 'ack') {
  await store.update(owner, list, adding(list, arg));
  process.stdout.write('ok\n');
  setInterval(() => undefined, 60_000);
} else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
