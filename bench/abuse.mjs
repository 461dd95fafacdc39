/**
 * Abuse from many clients (docs/security.md "Abuse from many clients"): `npm run bench:abuse`.
 *
 * Starts a production `next start` (a build must exist) on a fresh database with default settings: no
 * RATE_LIMIT_SCALE, no development aids, no trusted proxy (the embedded backend and its demo members asked for,
 * EMBEDDED_BACKEND=1 and DEMO_MEMBERS=1, as a production process needs). Every client is a distinct loopback source address:
 * each request's socket is bound to its client's own 127.x.y.z, which the server sees as a distinct peer.
 * SMS codes are read from the database file (read-only), since the development aids are off.
 *
 * Five figures, written to bench/abuse.md and printed:
 * 1. requests one address needs to stop another address's login (goal: impossible): one address sends
 *    ABUSE_FLOOD requests (default 2,000) to each flow (password login, SMS send, code check, registration,
 *    password reset); after every 100, another address must still log in, get and check a code, register and
 *    reset;
 * 2. the member's chance to log in after 10 hostile addresses tried for ABUSE_MINUTES (default 5) minutes
 *    (goal: always, from a device it used before): the hostile addresses guess the member's password, ask for
 *    codes and guess them as fast as the site answers; then, from addresses it never used, the member's
 *    device tries a password login and an SMS login, ABUSE_TRIALS times (default 10) each; a device the member
 *    never used is tried too: it solves the proof of work a spent ceiling asks for, as the login dialog does;
 * 3. disk growth after 10,000 unique anonymous requests (goal: under 5 MB): suggestions for new keywords,
 *    searches, unknown doctors, unknown share cards, unknown values of the doctor finder's filters, marks for
 *    analytics (utm_source…), parameters no page reads, from 250 addresses; growth of .next/cache (data cache and
 *    share cards) and of the database files (goal: under 1 MB);
 * 4. CPU per share-card request after the first: the server's CPU time (utime + stime of its processes) over
 *    ABUSE_CARD_REQUESTS requests (default 600) for cards already drawn, against the CPU of their first draw;
 * 5. cache busting: another visitor's cached page (p50, p95) while one address with 8 connections asks for it with
 *    a new tracking mark, a new parameter no page reads, and the same as curl (`Accept: *\/*`) each time.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
// Run by tsx (package.json bench:abuse): the client solves the API's proofs of work as the site's own page does.
import { PROOF_FIELD, isProofNeeded, solveProof } from '../lib/contract/proof.ts';
import { LIMITS } from '../lib/limits.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The SQLite driver this Node loads: the site's own choice (lib/backend/sqlite.ts), a TypeScript module.
// (The package is not `type: module`, so tsx loads it as CommonJS: its exports are the import's default.)
const { default: Database } = (await tsImport('../lib/backend/sqlite.ts', import.meta.url)).default;
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const FLOOD = env('ABUSE_FLOOD', 2000);
const MINUTES = env('ABUSE_MINUTES', 5);
const TRIALS = env('ABUSE_TRIALS', 10);
const UNIQUE = env('ABUSE_UNIQUE', 10_000);
const CARD_REQUESTS = env('ABUSE_CARD_REQUESTS', 600);
/** The member strangers attack in figure 2; figure 1's other addresses log in as another (the figures stay apart). */
const MEMBER = { phone: '13800000005', password: 'Shengai2026' };
const PASSWORD_LOGIN = { Phone: MEMBER.phone, Password: MEMBER.password };
const OTHER_LOGIN = { Phone: '13800000004', Password: 'Shengai2026' };

if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
  console.error('No production build: run `npx next build` first.');
  process.exit(1);
}

// ---------- the server ----------

async function freePort() {
  const s = net.createServer();
  await new Promise((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address();
  await new Promise((resolve) => s.close(resolve));
  return port;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-abuse-'));
const dbPath = path.join(dataDir, 'site.db');
const port = Number(process.env.ABUSE_PORT) || (await freePort());
const origin = `http://127.0.0.1:${port}`;
// The embedded backend and its demo members, which a production process serves only when asked (docs/operations.md);
// every limit at its default.
const serverEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), DATABASE_PATH: dbPath, SITE_URL: origin, EMBEDDED_BACKEND: '1', DEMO_MEMBERS: '1' };
for (const name of ['RATE_LIMIT_SCALE', 'DEV_AIDS', 'TRUSTED_PROXY_HOPS', 'API_BASE_URL', 'REDIS_URL', 'PAGE_CACHE_DEBUG', 'SHARE_CARD_DIR', 'JWT_SECRET', 'SMS_MIN_INTERVAL_SECONDS', 'SMS_IP_LIMIT_PER_HOUR', 'SMS_IMAGE_CODE_AFTER']) {
  delete serverEnv[name];
}
const server = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
  cwd: root,
  env: serverEnv,
  stdio: 'ignore',
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
};
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

// ---------- clients bound to their own loopback address ----------

const agents = new Map();
function agentOf(address) {
  let agent = agents.get(address);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress: address });
    agents.set(address, agent);
  }
  return agent;
}

/**
 * One request from `address`; answers { status, headers, body (Buffer) }. A GET whose kept-alive socket the server
 * had just closed (ECONNRESET before any answer) is sent again once; a POST never is.
 */
async function send(address, method, pathAndQuery, options = {}) {
  try {
    return await sendOnce(address, method, pathAndQuery, options);
  } catch (err) {
    if (method !== 'GET' || err?.code !== 'ECONNRESET') throw err;
    return sendOnce(address, method, pathAndQuery, options);
  }
}

function sendOnce(address, method, pathAndQuery, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathAndQuery, agent: agentOf(address), headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** A call of the API contract from `address` (the embedded backend's HTTP face), with an optional device token. */
async function api(address, call, fields, device) {
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  if (device) headers['x-device-token'] = device;
  const res = await send(address, 'POST', `/api/${call}?IsWeb=1&Sub=`, { headers, body: new URLSearchParams(fields).toString() });
  const envelope = JSON.parse(res.body.toString('utf8'));
  return { status: res.status, ...envelope };
}

const get = (address, url, headers = {}) => send(address, 'GET', url, { headers });

/**
 * A call that a spent ceiling answers with a proof of work (docs/security.md "The slower path"): solved, as the
 * site's page solves it, and sent once more with the solution. `proofs` counts the proofs and their solving time.
 */
async function apiWithProof(address, call, fields, device, proofs) {
  const first = await api(address, call, fields, device);
  if (!isProofNeeded(first.Result)) return first;
  const startedAt = performance.now();
  const solution = await solveProof(first.Result.Challenge);
  proofs.solved++;
  proofs.ms += performance.now() - startedAt;
  return solution ? api(address, call, { ...fields, [PROOF_FIELD]: JSON.stringify(solution) }, device) : first;
}

let readDb;
function latestCode(phone) {
  readDb ??= new Database(dbPath, { readonly: true, fileMustExist: true });
  return readDb.prepare('SELECT code FROM sms_outbox WHERE phone = ? ORDER BY created_at DESC, id DESC LIMIT 1').get(phone)?.code;
}

const phoneOf = (prefix, i) => `${prefix}${String(i).padStart(4, '0')}`;
const otherCode = (code, i) => String((Number(code ?? '0') + i) % 1_000_000).padStart(6, '0');

// ---------- 1. one address against everyone ----------

/** Proofs of work the other addresses of figure 1 solved: sends to numbers never seen past their hourly budget ask for one. */
const victimProofs = { solved: 0, ms: 0 };

async function victimStillServed(victim, round) {
  const login = await api(victim, 'AuthenticationCenter/PcPwdLogin', OTHER_LOGIN);
  const phone = phoneOf('1391000', 100 + round);
  const sent = await apiWithProof(victim, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, undefined, victimProofs);
  const checked = sent.ErrorNo === 1 ? await api(victim, 'AuthenticationCenter/VerifyPhoneCode', { Phone: phone, Code: latestCode(phone) }) : sent;
  const registered =
    sent.ErrorNo === 1
      ? await apiWithProof(victim, 'VIP_Member/InsertPCVip', { Phone: phone, Code: latestCode(phone), VipName: '压测会员', Password: 'Bench2026x', AgreeFlag: '1' }, undefined, victimProofs)
      : sent;
  return { login: login.ErrorNo === 1, sms: sent.ErrorNo === 1, check: checked.ErrorNo === 1, register: registered.ErrorNo === 1, info: login.ErrorInfo };
}

async function oneAddressAgainstEveryone() {
  // One attacking address per flow (127.0.1.1–5), so each flow meets its own per-client limit.
  let attacker = '';
  const flows = [
    ['password login', (i) => api(attacker, 'AuthenticationCenter/PcPwdLogin', { Phone: phoneOf('1370000', i % 10_000), Password: 'Guess2026' })],
    ['SMS send', (i) => api(attacker, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: phoneOf('1360000', i % 10_000) })],
    ['code check', (i) => api(attacker, 'AuthenticationCenter/VerifyPhoneCode', { Phone: phoneOf('1350000', i % 50), Code: '123456' })],
    ['registration', (i) => api(attacker, 'VIP_Member/InsertPCVip', { Phone: phoneOf('1340000', i % 10_000), Code: '123456', VipName: '王小明', Password: 'Reg2026x', AgreeFlag: '1' })],
    ['password reset', (i) => api(attacker, 'VIP_Member/ResetPwd', { Phone: phoneOf('1330000', i % 10_000), Code: '123456', Password: 'Reset2026' })],
  ];
  const rows = [];
  let round = 0;
  for (const [index, [name, attack]] of flows.entries()) {
    attacker = `127.0.1.${index + 1}`;
    const started = Date.now();
    let refused = 0;
    let tooMany = 0;
    let stoppedAt = null;
    for (let i = 0; i < FLOOD; i++) {
      const r = await attack(i);
      if (r.ErrorNo !== 1) refused++;
      if (r.status === 429) tooMany++;
      if ((i + 1) % 100 === 0 && stoppedAt === null) {
        // Another address, each time a fresh one of a block of its own: its login, a code for a new phone (solving the
        // proof of work the budget of numbers never seen asks for once it is spent), the check and a registration.
        const served = await victimStillServed(`127.2.${++round}.1`, round);
        if (!served.login || !served.sms || !served.check || !served.register) stoppedAt = { after: i + 1, served };
      }
    }
    rows.push({ name, sent: FLOOD, seconds: (Date.now() - started) / 1000, refused, tooMany, stoppedAt });
    console.log(
      `  ${name}: ${FLOOD} from one address, ${tooMany} answered 429; another address ${stoppedAt ? `STOPPED after ${stoppedAt.after}: ${JSON.stringify(stoppedAt.served)}` : 'always served'}`,
    );
  }
  return rows;
}

// ---------- 2. ten hostile addresses for minutes ----------

async function memberAgainstTen() {
  // Before the attack the member has logged in on TRIALS devices (home, work, a laptop…), each on its own address.
  const devices = [];
  for (let d = 0; d < TRIALS; d++) {
    const first = await api(`127.0.3.${d + 1}`, 'AuthenticationCenter/PcPwdLogin', PASSWORD_LOGIN);
    if (first.ErrorNo !== 1) throw new Error(`the member's login on device ${d + 1} failed: ${first.ErrorInfo}`);
    devices.push(first.Result.device_token);
  }
  const hostile = Array.from({ length: 10 }, (_, i) => `127.0.4.${i + 1}`);
  const until = Date.now() + MINUTES * 60_000;
  const counts = { requests: 0, tooMany: 0 };
  await Promise.all(
    hostile.map(async (address, a) => {
      let i = 0;
      while (Date.now() < until) {
        const guess = await api(address, 'AuthenticationCenter/PcPwdLogin', { Phone: MEMBER.phone, Password: `Guess${a}x${i++}` });
        const sent = await api(address, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: MEMBER.phone });
        const check = await api(address, 'AuthenticationCenter/PcPhoneLogin', { Phone: MEMBER.phone, Code: otherCode(latestCode(MEMBER.phone), i) });
        for (const r of [guess, sent, check]) {
          counts.requests++;
          if (r.status === 429) counts.tooMany++;
        }
        // Refused everywhere: keep asking, a little slower (the attacker's own pace does not change the rules).
        if (guess.status === 429 && sent.status === 429) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }),
  );
  /**
   * Each device, on an address it never used: a password login; the first SMS_TRIALS also an SMS login (solving the
   * proof of work a spent ceiling asks for), and after it a password login again with the device the SMS login made
   * known. Each device's address is in a block of addresses (/24) of its own, as different homes are.
   */
  const SMS_TRIALS = 3;
  const trial = async (tokens, addressOf) => {
    const proofs = { solved: 0, ms: 0 };
    const result = { password: 0, sms: 0, passwordAfterSms: 0, passwordTrials: tokens.length, smsTrials: Math.min(SMS_TRIALS, tokens.length), reasons: new Set(), proofs };
    for (const [t, token] of tokens.entries()) {
      const address = addressOf(t);
      const p = await api(address, 'AuthenticationCenter/PcPwdLogin', PASSWORD_LOGIN, token);
      if (p.ErrorNo === 1) result.password++;
      else result.reasons.add(p.ErrorInfo);
      if (t >= SMS_TRIALS) continue;
      const sent = await apiWithProof(address, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: MEMBER.phone }, token, proofs);
      const s = sent.ErrorNo === 1 ? await apiWithProof(address, 'AuthenticationCenter/PcPhoneLogin', { Phone: MEMBER.phone, Code: latestCode(MEMBER.phone) }, token, proofs) : sent;
      if (s.ErrorNo === 1) result.sms++;
      else result.reasons.add(s.ErrorInfo);
      if (s.ErrorNo !== 1) continue;
      const again = await api(address, 'AuthenticationCenter/PcPwdLogin', PASSWORD_LOGIN, s.Result.device_token ?? token);
      if (again.ErrorNo === 1) result.passwordAfterSms++;
      else result.reasons.add(again.ErrorInfo);
    }
    return { ...result, reasons: [...result.reasons] };
  };
  const known = await trial(devices, (t) => `127.0.5.${t + 1}`);
  const stranger = await trial([undefined, undefined, undefined], (t) => `127.0.${60 + t}.1`);
  console.log(
    `  member's devices after 10 addresses × ${MINUTES} min (${counts.requests} hostile requests): password ${known.password}/${known.passwordTrials}, SMS ${known.sms}/${known.smsTrials} ${JSON.stringify(known.reasons)}`,
  );
  console.log(
    `  a device it never used: password ${stranger.password}/${stranger.passwordTrials}, SMS ${stranger.sms}/${stranger.smsTrials} (${stranger.proofs.solved} proofs of work, ${(stranger.proofs.ms / Math.max(1, stranger.proofs.solved)).toFixed(0)} ms each), then password ${stranger.passwordAfterSms}/${stranger.sms} ${JSON.stringify(stranger.reasons)}`,
  );
  return { minutes: MINUTES, ...counts, known, stranger };
}

// ---------- 3. disk growth ----------

function bytesUnder(folder) {
  if (!fs.existsSync(folder)) return { bytes: 0, files: 0 };
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(folder, { recursive: true })) {
    const stat = fs.statSync(path.join(folder, entry), { throwIfNoEntry: false });
    if (stat?.isFile()) {
      bytes += stat.size;
      files++;
    }
  }
  return { bytes, files };
}

function diskNow() {
  const cache = bytesUnder(path.join(root, '.next', 'cache', 'fetch-cache'));
  const cards = bytesUnder(path.join(root, '.next', 'cache', 'share-cards'));
  // The database's pages moved out of its write-ahead log first, so the figure is its data, not the log's churn.
  const writer = new Database(dbPath, { fileMustExist: true, timeout: 30_000 });
  try {
    writer.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    writer.close();
  }
  let db = 0;
  for (const suffix of ['', '-wal', '-shm']) db += fs.statSync(`${dbPath}${suffix}`, { throwIfNoEntry: false })?.size ?? 0;
  return { cache, cards, db };
}

async function diskGrowth() {
  const marker = Date.now().toString(36);
  // The embedded backend opens (and seeds) its database on its first call.
  await api('127.0.9.1', 'TW_HotWords/GetHotWordsList', {});
  const before = diskNow();
  const kinds = [
    ['suggestions', (i) => `/search-suggestions?q=${encodeURIComponent(`建议${marker}${i}`)}`],
    ['search', (i) => `/searchList?keyword=${encodeURIComponent(`搜索${marker}${i}`)}`],
    ['unknown doctor', (i) => `/doctordetail/X${marker}${i}`],
    ['unknown card', (i) => `/share-card/doctor/Y${marker}${i}.png?v=${i}`],
    // The finder's filters (each unknown value wrote a 6 KB file) and marks for analytics (each forced a render).
    ['unknown filter', (i) => `/doctorlist/215?${['dept', 'title', 'clinic', 'date'][i % 4]}=${i % 4 === 3 ? `20${30 + (i % 70)}-01-0${1 + (i % 9)}` : `Z${marker}${i}`}`],
    ['tracking mark', (i) => `/doctordetail/D100001?utm_source=${marker}${i}&from=${i}`],
    // A parameter no page reads, on the public pages in turn (the page cache keys and renders without it).
    ['unknown parameter', (i) => `${['/', '/trendsInfor', '/doctorlist', '/hospitallist', '/illnesslist', '/onlinequestionslist'][i % 6]}?p${marker}${i}=${i}`],
  ];
  const statuses = {};
  let next = 0;
  const clients = Array.from({ length: 250 }, (_, i) => `127.0.${10 + Math.floor(i / 200)}.${(i % 200) + 1}`);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < UNIQUE) {
        const i = next++;
        const [kind, url] = kinds[i % kinds.length];
        const res = await get(clients[i % clients.length], url(i), { accept: 'text/html' }).catch((err) => ({ status: err.code ?? 'error' }));
        const key = `${kind} ${res.status}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    }),
  );
  // Next writes data-cache entries after answering: give the server a moment to finish (the bench, not a test).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = diskNow();
  const delta = {
    cacheBytes: after.cache.bytes - before.cache.bytes,
    cacheFiles: after.cache.files - before.cache.files,
    cardBytes: after.cards.bytes - before.cards.bytes,
    cardFiles: after.cards.files - before.cards.files,
    dbBytes: after.db - before.db,
  };
  delta.total = delta.cacheBytes + delta.cardBytes + delta.dbBytes;
  console.log(
    `  ${UNIQUE} unique anonymous requests: +${(delta.total / 1e6).toFixed(2)} MB (data cache ${delta.cacheFiles} files, cards ${delta.cardFiles}, database ${(delta.dbBytes / 1e6).toFixed(2)} MB); answers ${JSON.stringify(statuses)}`,
  );
  return { requests: UNIQUE, statuses, ...delta };
}

// ---------- 4. share-card CPU ----------

function serverCpuSeconds() {
  // next start's own process and its children (the server runs in a child of the CLI).
  let pids = [];
  try {
    pids = execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.pid)]).toString().trim().split(/\s+/).filter(Boolean);
  } catch {
    // ps exits 1 when the process has no children: the server runs in it alone.
  }
  let ticks = 0;
  for (const pid of [String(server.pid), ...pids]) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* ended */
    }
  }
  return ticks / 100;
}

async function shareCardCpu() {
  const pages = ['D100001', 'D100002', 'D100003', 'D100004', 'D100005', 'D100006', 'D100007', 'D100008', 'D100009', 'D100010'];
  const cards = [];
  for (const code of pages) {
    const html = (await get('127.0.20.1', `/doctordetail/${code}`, { accept: 'text/html' })).body.toString('utf8');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    if (image) cards.push(new URL(image).pathname + new URL(image).search);
  }
  if (cards.length === 0) throw new Error('no share card found on the doctor pages');
  // Let the pages' own work settle before counting.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const firstStart = serverCpuSeconds();
  for (const card of cards) await get('127.0.20.2', card);
  const firstCpu = (serverCpuSeconds() - firstStart) / cards.length;
  const start = serverCpuSeconds();
  const startedAt = Date.now();
  let bytes = 0;
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; i < CARD_REQUESTS; i += 8) {
        const res = await get(`127.0.21.${(i % 50) + 1}`, cards[i % cards.length]);
        if (res.status !== 200) throw new Error(`card answered ${res.status}`);
        bytes += res.body.length;
      }
    }),
  );
  const cpu = (serverCpuSeconds() - start) / CARD_REQUESTS;
  const seconds = (Date.now() - startedAt) / 1000;
  console.log(`  share cards: first draw ${(firstCpu * 1000).toFixed(1)} ms CPU each; after it ${(cpu * 1000).toFixed(2)} ms CPU per request (${CARD_REQUESTS} requests, 8 at once)`);
  return { cards: cards.length, firstCpuMs: firstCpu * 1000, cpuMsPerRequest: cpu * 1000, requests: CARD_REQUESTS, requestsPerSecond: CARD_REQUESTS / seconds, averageBytes: bytes / CARD_REQUESTS };
}

// ---------- 5. cache busting ----------

const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' };
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/**
 * Another visitor's cached page while one address (8 connections) asks for pages no cache holds: marks for
 * analytics and parameters no page reads (the page cache drops them: the cached page answers), and the same with
 * `Accept: *\/*` as curl sends (never answered from the page cache: each is a render until the client's
 * allowance of renders, LIMITS.pageRender, is spent, then 429). The visitor's latency (p50, p95) in each phase.
 */
async function cacheBusting() {
  // A new mark each run: nothing the page cache kept from an earlier one.
  const BUST_MARK = Date.now().toString(36);
  const page = '/doctordetail/D100002';
  const visitor = '127.0.70.1';
  for (let i = 0; i < 3; i++) await get(visitor, page, BROWSER);
  const phases = [
    ['no attack', null],
    ['8 connections, a new `utm_source` each', { url: (i) => `${page}?utm_source=${BUST_MARK}${i}`, headers: BROWSER }],
    ['8 connections, a new parameter no page reads each', { url: (i) => `${page}?x${BUST_MARK}${i}=${i}`, headers: BROWSER }],
    ['8 connections, a new parameter each, `Accept: */*` (curl), while it spends its allowance', { url: (i) => `${page}?y${BUST_MARK}${i}=${i}`, headers: { accept: '*/*' }, spend: true }],
    ['the same, once it has spent it', { url: (i) => `${page}?y${BUST_MARK}${i}=${i}`, headers: { accept: '*/*' }, spent: true }],
  ];
  const rows = [];
  for (const [p, [name, attack]] of phases.entries()) {
    // The last phase's attacker is the one before it, with its allowance spent.
    const attacker = `127.0.${71 + (attack?.spent ? p - 1 : p)}.1`;
    let stop = false;
    const answers = {};
    let sent = 0;
    const cpuStart = serverCpuSeconds();
    const attackers = attack
      ? Array.from({ length: 8 }, async () => {
          // A phase that spends the allowance goes on, after the visitor's loads, until the first refusal.
          while (!stop || (attack.spend && !answers[429])) {
            const i = sent++;
            const res = await get(attacker, attack.url(i), attack.headers).catch((err) => ({ status: err.code ?? 'error' }));
            answers[res.status] = (answers[res.status] ?? 0) + 1;
          }
        })
      : [];
    // Spent: the address's first request of this phase is already refused.
    if (attack?.spent && (await get(attacker, attack.url(-1), attack.headers)).status !== 429) throw new Error('the attacker had not spent its renders');
    // The visitor's 200 loads, one after another, while the attack runs.
    const times = [];
    for (let i = 0; i < 200; i++) {
      const startedAt = performance.now();
      const res = await get(visitor, page, BROWSER);
      times.push(performance.now() - startedAt);
      if (res.status !== 200) throw new Error(`the visitor's page answered ${res.status}`);
    }
    stop = true;
    await Promise.all(attackers);
    const cpu = serverCpuSeconds() - cpuStart;
    times.sort((a, b) => a - b);
    const row = { name, p50: percentile(times, 50), p95: percentile(times, 95), attackerRequests: sent, answers, cpuMsPerAttackerRequest: sent ? (cpu * 1000) / sent : null };
    console.log(`  ${name}: visitor p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms; attacker ${sent} requests ${JSON.stringify(answers)}, server CPU ${row.cpuMsPerAttackerRequest?.toFixed(2) ?? '—'} ms each`);
    rows.push(row);
  }
  return rows;
}

// ---------- the run ----------

function table(rows) {
  return rows.map((r) => `| ${r.join(' | ')} |`).join('\n');
}

try {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await get('127.0.0.9', '/robots.txt')).status === 200) break;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const startedAt = new Date();
  // ABUSE_ONLY=2,4 runs only those figures (a check by hand); the report is written only for a whole run.
  const only = (process.env.ABUSE_ONLY ?? '').split(',').filter(Boolean);
  const runs = (n) => only.length === 0 || only.includes(String(n));
  console.log(`next start on ${origin} (database ${dbPath}); every client is its own 127.x.y.z`);
  console.log('1. one address against everyone');
  const flood = runs(1) ? await oneAddressAgainstEveryone() : null;
  console.log(`2. ten hostile addresses for ${MINUTES} minutes`);
  const ten = runs(2) ? await memberAgainstTen() : null;
  console.log('3. disk growth');
  const disk = runs(3) ? await diskGrowth() : null;
  console.log('4. share-card CPU');
  const cards = runs(4) ? await shareCardCpu() : null;
  console.log('5. cache busting');
  const busting = runs(5) ? await cacheBusting() : null;
  if (!flood || !ten || !disk || !cards || !busting) process.exit(0);

  const impossible = flood.every((r) => r.stoppedAt === null);
  const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
  const report = `# Abuse from many clients: the figures

\`npm run bench:abuse\` (bench/abuse.mjs) on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}),
load average ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} at the end: a production \`next start\` with default settings (no
RATE_LIMIT_SCALE, no development aids, no trusted proxy; EMBEDDED_BACKEND=1 and DEMO_MEMBERS=1) on a fresh database; every client is a distinct loopback
source address (its socket bound to its own 127.x.y.z). docs/security.md "Abuse from many clients" lists the rules.

| figure | goal | result |
| --- | --- | --- |
| requests one address needs to stop another address's login | impossible | **${impossible ? `impossible: ${FLOOD.toLocaleString('en')} requests to each of five flows never stopped another address` : 'STOPPED (below)'}** |
| the member's chance to log in after 10 hostile addresses tried for ${MINUTES} minutes | always, from a device it used before | **password ${ten.known.password}/${ten.known.passwordTrials}, SMS ${ten.known.sms}/${ten.known.smsTrials}** from its devices, on addresses they never used |
| disk growth after ${UNIQUE.toLocaleString('en')} unique anonymous requests | under 1 MB | **${mb(disk.total)}** |
| CPU per share-card request after the first | — | **${cards.cpuMsPerRequest.toFixed(2)} ms** (the first draw: ${cards.firstCpuMs.toFixed(0)} ms) |
| another visitor's cached page while one address busts the cache with 8 connections | as without the attack | **p50 ${busting.map((r) => r.p50.toFixed(1)).join(' / ')} ms** (no attack / ${busting.slice(1).map((_, i) => ['utm_source', 'unknown parameter', 'unknown parameter as curl'][i]).join(' / ')}) |
| a device the member never used, after the 10 addresses | gets in by SMS with a proof of work | **SMS ${ten.stranger.sms}/${ten.stranger.smsTrials}, then password ${ten.stranger.passwordAfterSms}/${ten.stranger.sms}** (${ten.stranger.proofs.solved} proofs, ${(ten.stranger.proofs.ms / Math.max(1, ten.stranger.proofs.solved)).toFixed(0)} ms each) |

## 1. One address against everyone

One address per flow (127.0.1.1–5) sends ${FLOOD.toLocaleString('en')} requests to it, as fast as the server answers; after every 100, a fresh address
(127.2.N.1, each in a /24 of its own) logs the demo member in, asks for a code for a new phone, checks it and registers with it. Sends
to numbers never seen past their budget (100 an hour over the site) ask for a proof of work, which it solves as the
registration dialog does: ${victimProofs.solved} proofs, ${(victimProofs.ms / Math.max(1, victimProofs.solved)).toFixed(0)} ms each.

${table([['flow', 'requests', 'seconds', 'refused', 'answered 429', 'another address'], ['---', '---', '---', '---', '---', '---'], ...flood.map((r) => [r.name, r.sent, r.seconds.toFixed(1), r.refused, r.tooMany, r.stoppedAt ? `stopped after ${r.stoppedAt.after}: ${JSON.stringify(r.stoppedAt.served)}` : 'always served'])])}

## 2. Ten hostile addresses for ${MINUTES} minutes

Ten addresses (127.0.4.1–10) guess the member's password, ask for SMS codes and guess them, in a loop, for ${MINUTES} minutes:
${ten.requests.toLocaleString('en')} requests, ${ten.tooMany.toLocaleString('en')} answered 429. Before, the member had logged in on ${TRIALS} devices; after, each device
tries from an address it never used (a password login each, an SMS login for the first three):

${table([['client', 'password login', 'SMS login (proofs of work solved)', 'password after the SMS login', 'refusals seen'], ['---', '---', '---', '---', '---'], ['a device it logged in with before (device cookie)', `${ten.known.password}/${ten.known.passwordTrials}`, `${ten.known.sms}/${ten.known.smsTrials} (${ten.known.proofs.solved})`, `${ten.known.passwordAfterSms}/${ten.known.sms}`, ten.known.reasons.join('；') || '—'], ['a device it never used, each in its own /24', `${ten.stranger.password}/${ten.stranger.passwordTrials}`, `${ten.stranger.sms}/${ten.stranger.smsTrials} (${ten.stranger.proofs.solved}, ${(ten.stranger.proofs.ms / Math.max(1, ten.stranger.proofs.solved)).toFixed(0)} ms each)`, `${ten.stranger.passwordAfterSms}/${ten.stranger.sms}`, ten.stranger.reasons.join('；') || '—']])}

A device the member never used is a stranger: once the hostile addresses have spent the phone's ceiling of strangers'
wrong passwords, its password is refused. Past strangers' share of the phone's SMS codes its send asks for a proof of
work (one per block of addresses a day), which the client solves as the login dialog does; the SMS login then makes the
device known, and its password passes from then on.

## 3. Disk growth

${UNIQUE.toLocaleString('en')} requests from 250 addresses, each naming something new: suggestions for a new keyword, a search for a new
keyword, an unknown doctor, an unknown share card, an unknown value of a doctor-finder filter, a doctor page with a new
\`utm_source\` (a sixth each). Answers: ${Object.entries(disk.statuses).map(([s, n]) => `${n} × ${s}`).join(', ')}.

${table([['', 'growth'], ['---', '---'], ['Next data cache (.next/cache/fetch-cache)', `${mb(disk.cacheBytes)}, ${disk.cacheFiles} files`], ['share cards (.next/cache/share-cards)', `${mb(disk.cardBytes)}, ${disk.cardFiles} files`], ['database (SQLite file, its log checkpointed before and after)', mb(disk.dbBytes)], ['**total**', `**${mb(disk.total)}**`]])}

## 4. Share cards

${cards.cards} doctors' cards, each drawn once (${cards.firstCpuMs.toFixed(0)} ms of server CPU per draw), then ${cards.requests} requests for them, 8 at once,
from 50 addresses: ${cards.cpuMsPerRequest.toFixed(2)} ms of server CPU per request (utime + stime of the server's processes),
${cards.requestsPerSecond.toFixed(0)} requests a second, ${(cards.averageBytes / 1024).toFixed(0)} KB each: a file read, not a draw.

## 5. Cache busting

A visitor (127.0.70.1) loads a doctor's page 200 times, one after another, with a browser's headers; meanwhile one
address (8 connections) asks for the same page with something new in the query each time. A parameter no page reads
and a mark for analytics are dropped by the page cache (lib/page-vary.ts PAGE_QUERY): the kept page answers. A
request with \`Accept: */*\` is never answered from the page cache, so each is a render, until the address has spent
its allowance of renders no cache answered (LIMITS.pageRender, ${LIMITS.pageRender.allowance} a minute), then 429.

${table([['attack', 'visitor p50', 'visitor p95', 'attacker requests', 'attacker answers', 'server CPU per attacker request'], ['---', '---', '---', '---', '---', '---'], ...busting.map((r) => [r.name, `${r.p50.toFixed(1)} ms`, `${r.p95.toFixed(1)} ms`, r.attackerRequests || '—', Object.entries(r.answers).map(([status, n]) => `${n} × ${status}`).join(', ') || '—', r.cpuMsPerAttackerRequest === null ? '—' : `${r.cpuMsPerAttackerRequest.toFixed(2)} ms`])])}
`;
  fs.writeFileSync(path.join(root, 'bench', 'abuse.md'), report);
  console.log('\nwrote bench/abuse.md');
} finally {
  readDb?.close();
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
