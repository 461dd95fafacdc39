import 'server-only';
/**
 * Share cards kept on disk (docs/seo-sharing.md "Share cards", docs/security.md "Abuse from many clients"):
 * a card is drawn once per content version and build, and every later request for it is a file read. A card
 * takes about 140 ms of CPU to draw; kept only in memory (300 of them) a crawler cycling through more items
 * than that made every request a render, and eight at once made a cached page 19× slower.
 *
 * - One file per card: `<dir>/<kind>/<key>.<version>.png`. Writing a new version deletes the card's older
 *   ones, so the folder holds at most one file per real page, whatever is asked for: only a card whose page
 *   exists is ever drawn, and its version is computed here, never taken from the request.
 * - The folder is per build (`.next/cache/share-cards/<BUILD_ID>`, or SHARE_CARD_DIR): a new release, whose
 *   drawing may differ, draws its cards afresh, and the folders of older builds are removed.
 * - One draw at a time per process, and one per card whatever the number of requests waiting for it: a
 *   burst of new cards waits its turn instead of taking every core from the pages.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ShareCardKind } from './content';

function buildId(): string {
  try {
    return readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim() || 'development';
  } catch {
    return 'development';
  }
}

const STATE = Symbol.for('shengai.stored-cards');

interface State {
  root: string;
  dir: string;
  drawing: Map<string, Promise<Uint8Array>>;
  queue: Promise<unknown>;
  pruned: boolean;
}

function state(): State {
  const g = globalThis as typeof globalThis & { [STATE]?: State };
  if (!g[STATE]) {
    const root = process.env.SHARE_CARD_DIR || path.join(process.cwd(), '.next', 'cache', 'share-cards');
    // A runtime folder: turbopackIgnore keeps the build from tracing the whole project for it.
    g[STATE] = { root, dir: path.join(/*turbopackIgnore: true*/ root, buildId()), drawing: new Map(), queue: Promise.resolve(), pruned: false };
  }
  return g[STATE];
}

/** Keys and versions come from the route's own checks (`[A-Za-z0-9_-]`, base 36): never a path of their own. */
const SAFE = /^[A-Za-z0-9_-]{1,64}$/;

function fileOf(kind: ShareCardKind, key: string, version: string): string | null {
  if (!SAFE.test(key) || !SAFE.test(version)) return null;
  return path.join(state().dir, kind, `${key}.${version}.png`);
}

/** The stored card, or null when it was never drawn for this version and build. */
export async function readStoredCard(kind: ShareCardKind, key: string, version: string): Promise<Buffer | null> {
  const file = fileOf(kind, key, version);
  if (!file) return null;
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

/** Removes the folders of other builds, once per process. */
async function pruneOtherBuilds(s: State): Promise<void> {
  if (s.pruned) return;
  s.pruned = true;
  const current = path.basename(s.dir);
  const entries = await fs.readdir(s.root).catch(() => [] as string[]);
  await Promise.all(entries.filter((e) => e !== current).map((e) => fs.rm(path.join(s.root, e), { recursive: true, force: true })));
}

async function store(kind: ShareCardKind, key: string, version: string, png: Uint8Array): Promise<void> {
  const s = state();
  const file = fileOf(kind, key, version)!;
  const folder = path.dirname(file);
  await fs.mkdir(folder, { recursive: true });
  // Written whole under a temporary name, then renamed: a reader never sees half a file.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, png);
  await fs.rename(temporary, file);
  // The card's older versions go: one file per page.
  const older = (await fs.readdir(folder)).filter((f) => f.startsWith(`${key}.`) && f !== path.basename(file) && f.endsWith('.png'));
  await Promise.all(older.map((f) => fs.rm(path.join(folder, f), { force: true })));
  await pruneOtherBuilds(s);
}

/**
 * The card from disk, or drawn now by `draw` (one draw per card at a time, one draw at a time in the
 * process) and stored. A card that cannot be stored (a read-only disk) is still answered.
 */
export async function storedCard(kind: ShareCardKind, key: string, version: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> {
  if (!fileOf(kind, key, version)) return draw();
  const kept = await readStoredCard(kind, key, version);
  if (kept) return kept;
  const s = state();
  const id = `${kind}/${key}.${version}`;
  let drawing = s.drawing.get(id);
  if (!drawing) {
    const turn = s.queue.then(async () => {
      // Drawn by another process meanwhile (several `next start` share the folder)?
      const meanwhile = await readStoredCard(kind, key, version);
      if (meanwhile) return meanwhile;
      const png = await draw();
      await store(kind, key, version, png).catch((err: unknown) => console.error(`[share-card] not stored: ${String(err)}`));
      return png;
    });
    s.queue = turn.catch(() => undefined);
    drawing = turn.finally(() => s.drawing.delete(id));
    s.drawing.set(id, drawing);
  }
  return drawing;
}
