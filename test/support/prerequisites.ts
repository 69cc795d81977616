// A test that needs what `npm install` does not bring (redis-server, chromium, the conformance suite)
// fails when it is missing, saying how to get it: never a silent skip (scripts/prerequisites.mjs).

/** The error of a test whose prerequisite is missing. */
export function missingPrerequisite(what: string, detail = ''): Error {
  return new Error(
    `${what} is missing${detail ? ` (${detail})` : ''}: run \`npm run setup\` ` +
      '(apt-get as root or with sudo, and npm ci --prefix test/conformance), then the tests again',
  );
}
