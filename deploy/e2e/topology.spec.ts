/**
 * The production topology (docs/operations.md "Topology"), with the stack up as DEPLOY_TOPOLOGY=api-host: the
 * web processes hold no data and call the API host over HTTP (API_BASE_URL), as production calls the group's
 * host; the embedded backend in a process of its own stands in for it. The member journeys themselves run in
 * the `journeys` project against this same stack (deploy/playwright.config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, apiLogin } from '../../e2e/support/members-session';
import { apiPort, nextPorts, topology } from '../playwright.config';

const state = path.resolve(process.env.DEPLOY_STATE || '.deploy');
const pidOf = (port: number) => Number(fs.readFileSync(path.join(state, 'run', `next-${port}.pid`), 'utf8').trim());
const logOf = (port: number) => fs.readFileSync(path.join(state, 'logs', `next-${port}.log`), 'utf8');
/** The files a process has open (Linux /proc). */
const openFiles = (pid: number) =>
  fs.readdirSync(`/proc/${pid}/fd`).map((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      return '';
    }
  });

test('the web processes call the API host over HTTP and hold no data of their own', async ({ request }) => {
  expect(topology).toBe('api-host');
  const database = path.join(state, 'data', 'site.db');
  for (const port of nextPorts) {
    const ready = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
    expect(ready).toMatchObject({ status: 'ready', checks: { api: 'ok' } });
    expect(ready.checks.database).toBeUndefined();
    const env = fs.readFileSync(`/proc/${pidOf(port)}/environ`, 'utf8').split('\0');
    expect(env).toContain(`API_BASE_URL=http://127.0.0.1:${apiPort}`);
    expect(env.some((e) => e.startsWith('JWT_SECRET=') || e.startsWith('EMBEDDED_BACKEND='))).toBe(false);
    expect(openFiles(pidOf(port)).filter((f) => f.startsWith(database))).toEqual([]);
    // The site serves no contract of its own here.
    expect((await request.post(`http://127.0.0.1:${port}/api/News/GetNewList`, { form: { type: '1' } })).status()).toBe(404);
  }
  expect(openFiles(pidOf(apiPort)).some((f) => f === database)).toBe(true);
  // A member's data through nginx (the read of the /modifyInfor shell) is made from the API host's answers: its log
  // has the calls.
  const from = logOf(apiPort).length;
  const tokens = await apiLogin(request, DEMO.rich);
  const read = await request.get('/session/member-info', { headers: { cookie: `Token=${tokens.accessToken}; refreshToken=${tokens.refreshToken}` } });
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({ signedOut: false, data: { name: '王雅琴' } });
  await expect.poll(() => logOf(apiPort).slice(from).includes('"route":"/api/[...path]"'), { timeout: 15_000 }).toBe(true);
});
