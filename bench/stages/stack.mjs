/**
 * The stack (docs/bench.md "Stack"): deploy/ brought up by scripts/deploy-local.sh with the bench's own
 * state folder (its own database, logs, certificate): nginx over HTTPS in front of two `next start` and Redis.
 * The same pages as one process, side by side, and a burst of first visits through it. Its ports are
 * deploy-local.sh's (DEPLOY_HTTPS_PORT and the others).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log, pageBytes, settings, skips, summary, throughputOf, why, wireBytes } from '../shared.mjs';
import { burst } from './burst.mjs';
import { routes } from './discovery.mjs';

const STACK_STATE = path.join('bench', '.tmp', 'stack');

/** scripts/deploy-local.sh with the bench's own state folder. */
function deployLocal(command) {
  return spawnSync('bash', [path.join('scripts', 'deploy-local.sh'), command], {
    env: { ...process.env, DEPLOY_STATE: path.resolve(STACK_STATE) },
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
}

/** Throughput rows of `pages` ([name, url]) through the stack into `report.throughput`, its burst into `report.burst`. */
export async function stackThroughput(pages, { report, note }) {
  const up = deployLocal('up');
  try {
    if (up.status !== 0) {
      note(`The stack (scripts/deploy-local.sh up) did not come up: ${(up.stderr || up.stdout || '').split('\n').slice(-3).join(' ')}`);
      return;
    }
    const origin = `https://127.0.0.1:${process.env.DEPLOY_HTTPS_PORT || 4443}`;
    for (const [name, url] of pages) {
      try {
        // Warm both processes' page caches (nginx balances them).
        for (let i = 0; i < 4; i++) await wireBytes(origin + url, 'gzip, deflate, br, zstd');
        const bytes = await pageBytes(origin + url);
        log('autocannon stack', name);
        report.throughput.push(summary(name, url, await throughputOf(origin + url), { kind: 'stack', headers: 'browser', bytesKB: bytes.rawKB, ...bytes, where: 'stack' }));
      } catch (err) {
        note(`Throughput of ${name} through the stack failed: ${why(err)}`);
      }
    }
    // A shared link going round: first visits from addresses nginx has never seen, to a list it keeps by place
    // (docs/deploying.md "Micro-cache"). Each costs nginx one place lookup, not a page.
    if (!skips('burst')) {
      try {
        log('burst', 'doctor list through the stack');
        report.burst.push(await burst('doctor list, through the stack', `${origin}${routes.doctorList()}`, settings.burstVisitors));
      } catch (err) {
        note(`The burst through the stack failed: ${why(err)}`);
      }
    }
  } finally {
    deployLocal('down');
    fs.rmSync(STACK_STATE, { recursive: true, force: true });
  }
}
