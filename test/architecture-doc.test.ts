/**
 * docs/architecture.md's claims, checked against the tree: its tables of layers, folder tiers, server actions and
 * route groups are parsed and compared with what is there, both ways (a name listed that does not exist fails,
 * and so does a folder, an action file or a route group that the doc does not list). The README's list of
 * component domains is held the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPONENT_TIERS, LIB_TIERS } from '../eslint/folder-tiers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The text of one `## ` section. */
function section(title: string): string {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no section "${title}"`);
  const next = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, next < 0 ? undefined : next);
}

/** The body rows of every Markdown table in `text`, each a list of cells (header and rule rows left out). */
function tables(text: string): string[][][] {
  const found: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    const cells = line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((c) => c.trim());
    if (!current) {
      current = [];
      found.push(current);
      continue; // the header
    }
    if (cells.every((c) => /^-+$/.test(c))) continue;
    current.push(cells);
  }
  return found;
}

/** Comma-separated names, with notes in brackets and backticks taken out. */
function names(cell: string): string[] {
  let text = cell;
  while (/\([^()]*\)/.test(text)) text = text.replace(/\s*\([^()]*\)/g, '');
  return text
    .split(',')
    .map((n) => n.replaceAll('`', '').trim())
    .filter((n) => n && n !== '—');
}

const isDir = (rel: string) => fs.existsSync(path.join(root, rel)) && fs.statSync(path.join(root, rel)).isDirectory();
const entries = (rel: string) => fs.readdirSync(path.join(root, rel), { withFileTypes: true });
const sorted = (list: Iterable<string>) => [...list].sort();

/** Every source file below `rel`, repository-relative. */
function sourceFiles(rel: string): string[] {
  return entries(rel).flatMap((e) => {
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(child);
    return /\.(ts|tsx)$/.test(e.name) ? [child] : [];
  });
}

/** The first statement of the file is the 'use server' directive. */
const usesServer = (rel: string) => /^\s*(\/\/[^\n]*\n\s*)*['"]use server['"]/.test(fs.readFileSync(path.join(root, rel), 'utf8'));

describe('docs/architecture.md "Layers"', () => {
  const [layers] = tables(section('Layers'));

  it('names folders that exist', () => {
    const folders = layers!.flatMap((row) => [...row[0]!.matchAll(/`([a-z]+(?:\/[a-z]+)*\/)`/g)].map((m) => m[1]!));
    expect(folders).toEqual(expect.arrayContaining(['app/', 'lib/', 'lib/backend/', 'lib/contract/', 'test/']));
    for (const folder of folders) expect(isDir(folder), folder).toBe(true);
    const libFolders = names(layers!.find((row) => row[0] === '`lib/`')![1]!).filter((n) => n.startsWith('lib/'));
    for (const folder of libFolders) expect(isDir(folder), folder).toBe(true);
  });

  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({ cwd: root });
  });

  it('every rule it says holds a layer is on, as an error, where the row says', async () => {
    const severity = async (file: string, rule: string) => {
      const config = await eslint.calculateConfigForFile(path.join(root, file));
      const setting = config.rules?.[rule];
      return Array.isArray(setting) ? setting[0] : setting;
    };
    const ruleIds = new Set(layers!.flatMap((row) => [...row[3]!.matchAll(/`([a-z-]+(?:\/[a-z-]+)?)`/g)].map((m) => m[1]!)));
    expect(sorted(ruleIds)).toEqual([
      'import/no-cycle',
      'layers/folder-tiers',
      'layers/no-server-only-in-client',
      'no-restricted-imports',
      'no-restricted-syntax',
    ]);
    for (const file of ['components/booking/actions.ts', 'lib/routes.ts']) {
      expect(await severity(file, 'layers/folder-tiers'), file).toBe(2);
      expect(await severity(file, 'no-restricted-imports'), file).toBe(2);
    }
    for (const file of ['app/layout.tsx', 'components/ui/link.tsx', 'lib/routes.ts', 'proxy.ts', 'instrumentation.ts']) {
      expect(await severity(file, 'import/no-cycle'), file).toBe(2);
    }
    expect(await severity('lib/contract/index.ts', 'no-restricted-syntax')).toBe(2);
  });
});

describe('docs/architecture.md "Folders inside components/ and lib/"', () => {
  const [componentTable, libTable] = tables(section('Folders inside components/ and lib/'));
  /** The doc's table, bottom tier first, as eslint/folder-tiers.mjs spells it. */
  const tiersOf = (rows: string[][], scope: string) => {
    const list: string[][] = [];
    for (const [tier, folders] of rows) list[Number(tier)] = names(folders!).map((n) => `${scope}/${n}`);
    return list;
  };

  it('is the table that eslint/folder-tiers.mjs holds', () => {
    expect(tiersOf(componentTable!, 'components')).toEqual(COMPONENT_TIERS.map((t) => sorted(t)));
    expect(tiersOf(libTable!, 'lib')).toEqual(LIB_TIERS.map((t) => sorted(t)));
  });

  it.each([
    ['components', COMPONENT_TIERS],
    ['lib', LIB_TIERS],
  ])('names every folder and top-level file of %s/, and nothing else', (scope, tiers) => {
    const inTree = entries(scope)
      .filter((e) => e.isDirectory() || (/\.(ts|tsx|json)$/.test(e.name) && !/\.test\.ts$/.test(e.name)))
      .map((e) => `${scope}/${e.name.replace(/\.(d\.ts|ts|tsx|json)$/, '')}`);
    expect(sorted(tiers.flat())).toEqual(sorted(new Set(inTree)));
  });
});

describe('docs/architecture.md "Server actions"', () => {
  const [actions] = tables(section('Server actions'));
  const listed = new Map(actions!.map((row) => [row[0]!.replaceAll('`', ''), names(row[1]!)]));

  it("lists every 'use server' module and every actions.ts, and no other file", () => {
    const inTree = ['app', 'components', 'lib']
      .flatMap(sourceFiles)
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .filter((f) => usesServer(f) || path.basename(f) === 'actions.ts');
    expect(sorted(listed.keys())).toEqual(sorted(inTree));
  });

  it.each([...listed])('%s exports exactly the actions listed', (file, exported) => {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const inFile = [...source.matchAll(/^export (?:async function|const|function) (\w+)/gm)].map((m) => m[1]!);
    expect(sorted(inFile)).toEqual(sorted(exported));
  });
});

describe('docs/architecture.md "Route groups"', () => {
  const [groups] = tables(section('Route groups (`app/`)'));
  const rows = new Map(groups!.map((row) => [row[0]!.replaceAll('`', ''), row]));

  /** Route groups that hold routes themselves (a group that only holds groups, like (news), is named through them). */
  function leafGroups(rel: string): string[] {
    return entries(rel)
      .filter((e) => e.isDirectory() && /^\(.+\)$/.test(e.name))
      .flatMap((e) => {
        const child = `${rel}/${e.name}`;
        const inner = leafGroups(child);
        return inner.length > 0 ? inner : [child.slice('app/'.length)];
      });
  }

  it('has a row for every route group, and one for the root', () => {
    expect(sorted(rows.keys())).toEqual(sorted([...leafGroups('app'), 'root']));
  });

  it.each(leafGroups('app'))('%s: its URLs are the folders of the group, and its _lib/ the files there', (group) => {
    const [, urls, lib] = rows.get(group)!;
    const folders = entries(`app/${group}`)
      .filter((e) => e.isDirectory() && e.name !== '_lib')
      .map((e) => e.name);
    expect(sorted(names(urls!))).toEqual(sorted(folders));
    const libCell = lib!.match(/^`([^`]+_lib)`:\s*(.*)$/);
    const libDir = libCell ? `app/${libCell[1]}` : `app/${group}/_lib`;
    const libFiles = isDir(libDir) ? entries(libDir).filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name)).map((e) => e.name.replace(/\.tsx?$/, '')) : [];
    expect(sorted(names(libCell ? libCell[2]! : lib!))).toEqual(sorted(libFiles));
  });

  it('root: every folder of app/ that is not a group, and the home page', () => {
    const folders = entries('app')
      .filter((e) => e.isDirectory() && !/^\(.+\)$/.test(e.name))
      .map((e) => e.name);
    expect(fs.existsSync(path.join(root, 'app/page.tsx'))).toBe(true);
    expect(sorted(names(rows.get('root')![1]!))).toEqual(sorted(['/', ...folders]));
  });
});

describe('README "Layout"', () => {
  it('names every component domain', () => {
    const line = readme.match(/- `components\/` UI by domain \(([\s\S]*?)\), each domain/);
    expect(line, 'README: "- `components/` UI by domain (…)"').not.toBeNull();
    const listed = names(line![1]!).map((n) => n.replace(/\/$/, ''));
    const inTree = entries('components')
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(sorted(listed)).toEqual(sorted(inTree));
  });
});
