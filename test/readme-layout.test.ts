import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The README's "Layout" section is how a newcomer finds their way: every folder at the top of the repository,
 * every route group and root route of `app/`, every domain of `components/` and every folder of `lib/` is named
 * there. A folder added without a word in the README fails here.
 */
function layoutSection(): string {
  const readme = fs.readFileSync('README.md', 'utf8');
  const start = readme.indexOf('\n## Layout\n');
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** Folders that hold files git tracks, directly below `dir` ('' for the top). */
function trackedFolders(dir: string): string[] {
  const files = execFileSync('git', ['ls-files', ...(dir ? [dir] : [])], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const prefix = dir ? `${dir}/` : '';
  const folders = files.flatMap((f) => {
    const [first, ...rest] = f.slice(prefix.length).split('/');
    return first && rest.length > 0 ? [first] : [];
  });
  return [...new Set(folders)].filter((f) => !f.startsWith('.') && fs.existsSync(prefix + f));
}

/** Named in code style, alone or under its parent: `name`, `name/…` or `parent/name…`. */
function names(section: string, parent: string, folder: string): boolean {
  const escaped = folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp('`(?:' + (parent ? `${parent}/` : '') + ')?' + escaped + '[`/]').test(section);
}

describe('README layout section', () => {
  const section = layoutSection();

  it('the check tells a named folder from an unnamed one', () => {
    expect(names('`(care)` doctors', 'app', '(care)')).toBe(true);
    expect(names('`lib/api/` the client', 'lib', 'api')).toBe(true);
    expect(names('`apis/` the client', 'lib', 'api')).toBe(false);
    expect(names('care doctors', 'app', 'care')).toBe(false);
  });

  for (const parent of ['', 'app', 'components', 'lib']) {
    it(`names every folder of ${parent || 'the repository top'}`, () => {
      const folders = trackedFolders(parent).filter((f) => !(parent === '' && f === 'node_modules'));
      expect(folders.length).toBeGreaterThan(3);
      expect(folders.filter((f) => !names(section, parent, f))).toEqual([]);
    });
  }
});
