// Preloaded (node --import) into a server the bench spawns over stdio: marks where each tool call's time
// goes inside the process, and writes the marks to BENCH_PHASES_FILE at exit. A call's marks: its
// message's arrival on stdin, the upstream request's creation, the answer's headers and the end of its
// body (undici's diagnostics channels), the answer's write to stdout, and the first turn of the event
// loop after that write (what runs synchronously after the answer, such as a store write's start).
// Nothing of the server is changed: it reads the same stdin and writes the same stdout.
import dc from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';

const file = process.env.BENCH_PHASES_FILE;
const calls = [];
let current;
const now = () => Number(process.hrtime.bigint()) / 1e6;

const push = Readable.prototype.push;
Readable.prototype.push = function (chunk, ...rest) {
  // A message arriving while no upstream request is under way starts a call (a message with none, such
  // as a notification, is replaced by the next one).
  if (this === process.stdin && chunk && (!current || current.answered || !current.requested)) {
    current = { arrived: now() };
    calls.push(current);
  }
  return push.call(this, chunk, ...rest);
};
const first = (mark) => () => {
  if (current && current[mark] === undefined) current[mark] = now();
};
dc.subscribe('undici:request:create', first('requested'));
dc.subscribe('undici:request:headers', first('headers'));
dc.subscribe('undici:request:trailers', first('body'));

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const call = current;
  if (call?.body !== undefined && call.answered === undefined) {
    call.answered = now();
    setImmediate(() => {
      call.turned = now();
    });
  }
  return write(chunk, ...rest);
};
process.on('exit', () => {
  if (file) writeFileSync(file, JSON.stringify(calls.filter((c) => c.requested && c.answered)));
});
