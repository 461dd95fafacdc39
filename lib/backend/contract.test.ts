/**
 * The contract's robustness (docs/api.md): EVERY endpoint, with a missing field
 * set, an oversized field (100 KB), a wrong type and `<script>`, answers an
 * envelope with a clear Chinese ErrorInfo or a normal result: never an
 * exception, never ErrorNo 500, never an HTTP 500. Field names are read from
 * the handlers' own sources, so new endpoints are covered as they land.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorNo } from '@/lib/contract';
import { endpoints } from './handlers';
import { type Backend, type Envelope } from './router';
import { createSeededBackend } from '@/test/seeded-backend';

let backend: Backend;
let dir: string;
let memberToken = '';
let visitorToken = '';

/** Field names the handlers read, e.g. requiredString(fields, 'Phone', ...). */
function handlerFieldNames(): string[] {
  const names = new Set(['Phone', 'Code', 'Password', 'PageIndex', 'PageSize', 'type', 'keyword', 'ID', 'Id', 'id']);
  const folder = path.join(__dirname, 'handlers');
  for (const file of fs.readdirSync(folder)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = fs.readFileSync(path.join(folder, file), 'utf8');
    for (const m of source.matchAll(/fields\s*,\s*'([A-Za-z_][\w]*)'/g)) names.add(m[1]!);
    for (const m of source.matchAll(/fields\[\s*'([A-Za-z_][\w]*)'\s*\]/g)) names.add(m[1]!);
    for (const m of source.matchAll(/fields\.([A-Za-z_][\w]*)/g)) names.add(m[1]!);
  }
  return [...names];
}

const names = handlerFieldNames();
const paths = Object.keys(endpoints);
const memberPaths = paths.filter((p) => endpoints[p]!.access === 'member');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-contract-'));
  backend = createSeededBackend({
    dbPath: path.join(dir, 'contract.db'),
    jwtSecret: new TextEncoder().encode('contract-secret-0123456789abcdef'),
    log: () => {},
  });
  const login = await send('AuthenticationCenter/PcPwdLogin', { Phone: '13800000001', Password: 'Shengai2026' });
  memberToken = (login.body.Result as { access_token: string }).access_token;
  const visitor = await send('AuthenticationCenter/GetVisitorToken', {});
  visitorToken = (visitor.body.Result as { access_token: string }).access_token;
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function send(apiPath: string, fields: Record<string, string>, token?: string) {
  const res = await backend.handle(
    new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: new URLSearchParams(fields),
    }),
  );
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Envelope };
}

const CHINESE = /[\u4e00-\u9fff]/;

function expectCleanAnswer(apiPath: string, label: string, r: { status: number; body: Envelope }) {
  const where = `${apiPath} (${label}): ${r.body.ErrorNo} ${r.body.ErrorInfo}`;
  expect(r.status, where).not.toBe(500);
  expect(typeof r.body.ErrorNo, where).toBe('number');
  expect(r.body.ErrorNo, where).not.toBe(500);
  expect(typeof r.body.ErrorInfo, where).toBe('string');
  if (r.body.ErrorNo !== 1) expect(r.body.ErrorInfo, where).toMatch(CHINESE);
}

const all = (value: string) => Object.fromEntries(names.map((n) => [n, value]));

describe.each(paths)('%s', (apiPath) => {
  const tokens = endpoints[apiPath]!.access === 'member' ? [memberTokenRef] : [visitorTokenRef, memberTokenRef];

  it('answers a missing field set, wrong types and <script> with an envelope', async () => {
    for (const token of tokens) {
      expectCleanAnswer(apiPath, 'no fields', await send(apiPath, {}, token()));
      expectCleanAnswer(apiPath, 'wrong type', await send(apiPath, all('not-a-number'), token()));
      expectCleanAnswer(apiPath, 'negative', await send(apiPath, all('-99999999999'), token()));
      expectCleanAnswer(apiPath, '<script>', await send(apiPath, all('<script>alert(1)</script>'), token()));
    }
  });

  it('answers a 100 KB field with an envelope', async () => {
    const big = 'x'.repeat(100 * 1024);
    for (const name of names) {
      const r = await send(apiPath, { ...all('1'), [name]: big }, tokens[0]!());
      expectCleanAnswer(apiPath, `100 KB ${name}`, r);
    }
  });
});

function memberTokenRef() {
  return memberToken;
}
function visitorTokenRef() {
  return visitorToken;
}

describe('the router', () => {
  it('an unknown path is a 404 envelope, a GET is refused, a huge body is refused', async () => {
    expectCleanAnswer('Nope/Nope', 'unknown', await send('Nope/Nope', {}));
    const get = await backend.handle(new Request('http://x/api/AuthenticationCenter/GetVisitorToken'));
    expect(((await get.json()) as Envelope).ErrorNo).toBe(0);
    const huge = await send('AuthenticationCenter/GetVisitorToken', { a: 'x'.repeat(300 * 1024) });
    expect(huge.body).toMatchObject({ ErrorNo: 0, ErrorInfo: '请求内容过大' });
  });

  it('the endpoint list these cases run over is the whole table, member endpoints among them', () => {
    // describe.each over an empty or cut list would pass with nothing tested.
    expect(paths.length).toBeGreaterThanOrEqual(100);
    expect(paths).toEqual(expect.arrayContaining(['AuthenticationCenter/PcPwdLogin', 'News/GetNewList', 'HIS_Register/BookRegister']));
    expect(memberPaths.length).toBeGreaterThanOrEqual(20);
  });

  it('every member endpoint with no token is 4001', async () => {
    for (const member of memberPaths) expect((await send(member, {})).body.ErrorNo, member).toBe(ErrorNo.UNAUTHORIZED);
  });
});
