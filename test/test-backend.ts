/**
 * Test helper: installs a throwaway embedded backend (own temp database, a
 * controllable clock) as the process-wide backend that lib/api's in-process
 * transport calls. Not imported by the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackend, type Backend } from '@/lib/backend/router';
import type { BackendSettings } from '@/lib/backend/types';
import { copySeededDatabase } from './seeded-backend';

export interface TestBackend {
  backend: Backend;
  /** Moves the backend's clock forward. */
  advance(seconds: number): void;
  close(): void;
}

export function installTestBackend(overrides: Partial<BackendSettings> = {}): TestBackend {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-test-'));
  let offsetMs = 0;
  const settings: Partial<BackendSettings> = {
    dbPath: path.join(dir, 'test.db'),
    jwtSecret: new TextEncoder().encode('test-secret-0123456789abcdef0123456789'),
    now: () => new Date(Date.now() + offsetMs),
    log: () => {},
    ...overrides,
  };
  // A copy of the run's seeded database for these settings (test/seeded-backend.ts), not a seed of its own.
  copySeededDatabase(settings);
  const backend = createBackend(settings);
  (globalThis as { __shengaiBackend?: Backend }).__shengaiBackend = backend;
  return {
    backend,
    advance: (seconds) => {
      offsetMs += seconds * 1000;
    },
    close: () => {
      backend.db.close();
      delete (globalThis as { __shengaiBackend?: Backend }).__shengaiBackend;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
