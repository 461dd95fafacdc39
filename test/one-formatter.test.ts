import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * One clock, one formatter (STYLE.md, docs/api.md "Times"): a date or time the site shows goes through lib/format
 * (China time, whatever the server's zone), never through a slice of the wire's string or the server's own locale.
 * 兑换记录 once sliced an ISO string and showed UTC (15:27 for an exchange at 23:27 in China).
 */
const SHOWN = ['app', 'components', 'lib/share-card', 'lib/seo.ts', 'lib/json-ld.ts'];
const PATTERNS: [RegExp, string][] = [
  [/\b\w*(?:At|Time|Date)\s*\.\s*(?:slice|substring|substr)\s*\(/, 'slices a time string (use formatDate / formatDateTime)'],
  [/\.toLocale(?:Date|Time)?String\s*\(/, "formats in the server's locale and zone"],
  [/new\s+Intl\.DateTimeFormat\s*\(/, 'formats dates outside lib/format'],
  [/\.toISOString\(\)\s*\.\s*(?:slice|substring)\s*\(/, 'shows a UTC date'],
];

describe('every date shown goes through lib/format', () => {
  const files = execFileSync('git', ['ls-files', ...SHOWN], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f));

  it('the check reads the pages and components', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(PATTERNS[0]![0].test("o.createdAt.slice(0, 16).replace('T', ' ')")).toBe(true);
  });

  it('no page or component slices a time string or formats one in the server zone', () => {
    const found: string[] = [];
    for (const file of files) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, why] of PATTERNS) if (pattern.test(line)) found.push(`${file}:${i + 1} ${why}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
