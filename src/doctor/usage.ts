// The help of the doctor subcommand. Imported by src/index.ts for its --help: keep it text only.

export const DOCTOR_SUMMARY = [
  'Subcommand:',
  '  football-scout-mcp doctor [--yes] [--json] [--routes-file FILE] [--write-routes FILE]',
  '      First contact with a real key: checks every upstream route once and says which answer',
  '      readably; see `football-scout-mcp doctor --help`.',
].join('\n');

export const DOCTOR_HELP = `football-scout-mcp doctor [--yes] [--json] [--routes-file FILE] [--write-routes FILE] [--sandbox]

First contact with a real key. Sends one request to every route of the route table (documented and
assumed), taking the ids it needs from earlier answers (player ids from any player rows, a team_id from
teams, a statistic key from the glossary; a role key of the spec when GET /v1/enums lists none), and
prints for each route: its method and path, documented or assumed, the HTTP status, whether the server
can read the answer, the fields read under another name, the fields no row carried, and a note. A route
whose ids no answer gave is "not checked: needs ...". An assumed route that answers 404 is tried at up
to 3 likely other paths (/v1/clubs for /v1/teams...); one that answers readably is printed as a
routes-file entry. A field the server could not read whose values equal what rankings said of the same
player (its name, club, age, ids) is printed as a "fields" entry. All of them make one routes file.
The summary gives the requests sent, the paging the server reads in the answers and their content encoding.

Needs FOOTBALL_API_KEY and FOOTBALL_API_BASE_URL (or --api-key / --base-url), like the server.
--routes-file / FOOTBALL_API_ROUTES_FILE checks the routes as that file remaps them; --timeout-ms and
--retries apply. Requests are sent one at a time, never answered from a cache, and retried as the
server retries them (a gateway 5xx, a 429 whose Retry-After is short, a 503 whose Retry-After asks to
come back: a maintenance window), and redirects on this API are followed as the server follows them.

  --yes, -y             send without asking (required when stdin is not a terminal)
  --json                one JSON object on stdout (plan, results per route, routes file, quota) instead of the table
  --write-routes FILE   write the routes file (the one given, plus every fix and field found) to FILE,
                        ready for --routes-file FILE
  --sandbox             check the embedded sandbox instead (a demo: no key needed; --sandbox-dialect
                        picks the shape of its answers)
  --help, -h            this text

Before sending it states how many requests it will spend, then asks "Go on? [y/N]" on a terminal.
Exit code: 0 when every documented route answers readably, 1 otherwise, 2 for a usage error.
The key is never printed.`;
