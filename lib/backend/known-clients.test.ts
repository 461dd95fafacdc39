/** Known clients of a phone (docs/security.md "A member is never locked out by strangers"). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ADDRESS } from '@/lib/security/client-address';
import { clientOfPhone, deviceKey, KNOWN_FOR_DAYS, KNOWN_PER_PHONE, rememberClient } from './known-clients';
import { createBackend, type Backend } from './router';

let dir: string;
let backend: Backend;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'known-clients-'));
  backend = createBackend({ dbPath: path.join(dir, 'k.db'), jwtSecret: new TextEncoder().encode('known-clients-test-secret-0123456789'), log: () => {} });
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const NOW = 1_800_000_000;

describe('known clients', () => {
  it('a proven address or device is known for the phone, and a device counts under its own key', () => {
    const phone = '13900001111';
    expect(clientOfPhone(backend.db, phone, { ip: '127.0.0.5', device: 'dev-a' }, NOW)).toEqual({ key: '127.0.0.5', known: false });
    rememberClient(backend.db, phone, { ip: '127.0.0.5', device: 'dev-a' }, NOW);
    expect(clientOfPhone(backend.db, phone, { ip: '127.0.0.5', device: null }, NOW)).toEqual({ key: '127.0.0.5', known: true });
    expect(clientOfPhone(backend.db, phone, { ip: '127.0.0.9', device: 'dev-a' }, NOW)).toEqual({ key: deviceKey('dev-a'), known: true });
    expect(clientOfPhone(backend.db, '13900002222', { ip: '127.0.0.5', device: 'dev-a' }, NOW).known).toBe(false);
    expect(clientOfPhone(backend.db, phone, { ip: '127.0.0.5', device: null }, NOW + KNOWN_FOR_DAYS * 86_400 + 1).known).toBe(false);
  });

  it('an unknown address never becomes known', () => {
    const phone = '13900003333';
    rememberClient(backend.db, phone, { ip: UNKNOWN_ADDRESS, device: null }, NOW);
    expect(clientOfPhone(backend.db, phone, { ip: UNKNOWN_ADDRESS, device: null }, NOW).known).toBe(false);
  });

  it(`keeps the latest ${KNOWN_PER_PHONE} devices of a phone; within one second the device proven last is never the one forgotten`, () => {
    const phone = '13900004444';
    for (let i = 0; i < KNOWN_PER_PHONE + 5; i++) rememberClient(backend.db, phone, { ip: `127.0.1.${i}`, device: `dev-${i}` }, NOW);
    const kept = (kind: string) =>
      (backend.db.prepare('SELECT client FROM phone_clients WHERE phone = ? AND kind = ?').all(phone, kind) as { client: string }[]).map((r) => r.client);
    expect(kept('device')).toHaveLength(KNOWN_PER_PHONE);
    expect(kept('address')).toHaveLength(KNOWN_PER_PHONE);
    const last = KNOWN_PER_PHONE + 4;
    expect(clientOfPhone(backend.db, phone, { ip: '127.0.9.9', device: `dev-${last}` }, NOW).known).toBe(true);
    expect(clientOfPhone(backend.db, phone, { ip: '127.0.9.9', device: 'dev-0' }, NOW).known).toBe(false);
  });
});
