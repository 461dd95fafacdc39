/**
 * Vitest's globalSetup: a folder for the run's seeded database templates (test/seeded-backend.ts), removed when
 * the run ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-seed-templates-'));
  // test/seeded-backend.ts reads it (SEED_TEMPLATES_ENV); the forks Vitest starts inherit it.
  process.env.SHENGAI_SEED_TEMPLATES = folder;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
