/**
 * deploy/node-memory.env as an environment (docs/operations.md "Memory"): for the servers that tests and benches
 * start themselves (playwright.config.ts, bench/stages/server.mjs), so they run with the settings the systemd unit
 * and scripts/deploy-supervise.sh give production. CommonJS: Playwright's TypeScript config and the bench's plain
 * Node modules both load it.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module (above) */
const fs = require('node:fs');
const path = require('node:path');

const NODE_MEMORY_ENV = path.join(__dirname, 'node-memory.env');

/** The file's KEY=value lines (comments and blank lines skipped); throws on any other line, or a value the shell would read another way. */
function parseEnvFile(text) {
  const env = {};
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    // KEY=value, or KEY="value" (spaces inside), which systemd's EnvironmentFile and the shell read alike.
    const m = /^([A-Z_][A-Z0-9_]*)=(?:"([^"\\$`]*)"|([^\s"'\\$`]*))$/.exec(line);
    if (!m) throw new Error(`deploy/node-memory.env: not KEY=value: ${line}`);
    env[m[1]] = m[2] ?? m[3];
  }
  return env;
}

/** The memory settings, to spread into a child's environment. */
function nodeMemoryEnv() {
  return parseEnvFile(fs.readFileSync(NODE_MEMORY_ENV, 'utf8'));
}

module.exports = { NODE_MEMORY_ENV, parseEnvFile, nodeMemoryEnv };
