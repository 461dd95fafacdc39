import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (docs/architecture.md): comments and docs name the files that hold a rule
 * or its test, so a newcomer can follow them. A file that moved or went away leaves such a name pointing at
 * nothing; this test finds every repository path cited in a tracked source, doc or deploy file and checks
 * that it exists.
 */
const CITED = /(?<![\w/.-])(?:app|lib|components|scripts|test|e2e|docs|deploy|bench)\/[\w/().@[\]-]+\.(?:ts|tsx|mjs|md|sh|json)\b/g;

/** Paths that are cited on purpose without being in this repository, each with why. */
const NOT_OURS: Record<string, string> = {
  'docs/01-app/02-guides/content-security-policy.md': "a page of Next's own documentation",
  'docs/variability.md': "a page of Lighthouse's repository",
  'lib/a.test.ts': 'a made-up test file in the fixtures of scripts/count-results.test.ts',
  'app/empty/page.tsx': "a file of the bare Next app that bench/stages/render-cost.mjs writes to a temporary folder",
  'app/robots.txt/route.ts': "a file of the bare Next app that bench/stages/render-cost.mjs writes to a temporary folder",
};

/** The layer rule's fixture files: written by test/layer-rules.test.ts while it runs, then removed. */
const isLayerFixture = (p: string) => /(^|\/)layer-fixture(\.test)?\.tsx?$/.test(p);

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs|md|css|sh|conf|template)$/.test(f) && !f.startsWith('public/'))
    .filter((f) => fs.existsSync(f));
}

function citedPaths(text: string): string[] {
  // A Markdown link [path](path) reads as one run of path characters: its two halves are cited apart.
  return [...text.matchAll(CITED)].flatMap((m) => m[0].split(']('));
}

describe('paths cited in comments and docs', () => {
  it('finds a cited path in a comment and in Markdown code', () => {
    expect(citedPaths(' * (app/(care)/_lib/resolve-province.ts);')).toEqual(['app/(care)/_lib/resolve-province.ts']);
    expect(citedPaths('see `lib/validation/fields.ts`, and @/lib/x.ts')).toEqual(['lib/validation/fields.ts']);
    expect(citedPaths('node_modules/next/dist/lib/foo.ts')).toEqual([]);
    expect(citedPaths('[docs/deploying.md](docs/deploying.md)')).toEqual(['docs/deploying.md', 'docs/deploying.md']);
  });

  it('all exist in the repository', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const file of files) {
      for (const cited of citedPaths(fs.readFileSync(file, 'utf8'))) {
        if (cited in NOT_OURS || isLayerFixture(cited) || fs.existsSync(cited)) continue;
        missing.push(`${file} cites ${cited}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});

/**
 * A newcomer has neither the tracker nor a way to follow an issue number: comments and docs cite the SPEC
 * section or the docs/ page that holds a rule. (The bench's generated report is not prose of ours.)
 */
const ISSUE_NUMBER = /\b[Ii]ssues? #?\d+/;

describe('comments and docs cite the SPEC or docs/, not issue numbers', () => {
  it('the check sees an issue number', () => {
    expect(ISSUE_NUMBER.test(`/** Security headers (${'issue'} 8). */`)).toBe(true);
    expect(ISSUE_NUMBER.test('/** Security headers (SPEC §9, docs/security.md). */')).toBe(false);
  });

  it('no tracked source or doc names one', () => {
    const citing = trackedTextFiles()
      .filter((file) => !file.startsWith('bench/report'))
      .filter((file) => ISSUE_NUMBER.test(fs.readFileSync(file, 'utf8')));
    expect(citing).toEqual([]);
  });
});
