import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorNo } from '@/lib/contract';

/**
 * SPEC §8's error numbers are named once (ErrorNo in lib/contract/envelope.ts) and read by name where the web side
 * acts on them (lib/api, proxy.ts): a number written out again is a copy that a changed rule would leave behind.
 * Comments may cite the numbers; code may not.
 */
const WHERE = ['lib/api', 'proxy.ts'];
const NUMBER = '-?\\d+';
const PATTERNS: [RegExp, string][] = [
  [new RegExp(`\\berrorNo\\s*[!=]==?\\s*${NUMBER}\\b`, 'i'), 'compares an error number with a literal'],
  [new RegExp(`\\bisApiError\\([^,()]+,\\s*${NUMBER}\\s*\\)`), 'asks isApiError for a literal error number'],
  [new RegExp(`\\berrorNo\\s*:\\s*${NUMBER}\\b`, 'i'), 'writes an error number as a literal'],
  [/\b40(?:0[1-4]|29)\b/, 'spells a SPEC §8 session error number'],
];

/** The line without its comment (a // comment, or a line of a block comment). */
function code(line: string): string {
  if (/^\s*(\/\*|\*)/.test(line)) return '';
  return line.replace(/\/\/.*$/, '');
}

function literalErrorNumbers(source: string, file: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    const c = code(line);
    const hit = PATTERNS.find(([pattern]) => pattern.test(c));
    if (hit) found.push(`${file}:${i + 1} ${hit[1]}: ${line.trim()}`);
  });
  return found;
}

describe('SPEC §8 error numbers are read by name in lib/api and proxy.ts', () => {
  const files = execFileSync('git', ['ls-files', ...WHERE], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f));

  it('the check reads lib/api and proxy.ts, and refuses each kind of literal', () => {
    expect(files).toContain('proxy.ts');
    expect(files.length).toBeGreaterThan(20);
    for (const line of [
      'if (err.errorNo === 4029) return x;',
      'if (body.ErrorNo !== 1) throw e;',
      'if (isApiError(err, 404)) return null;',
      "return NextResponse.json({ ErrorNo: 0, ErrorInfo: '请求路径无效' });",
      'const RESET = new Set([4001, 4003, 4004]);',
      'if (err.errorNo !== -1) return null;',
    ]) {
      expect(literalErrorNumbers(line, 'x.ts'), line).toHaveLength(1);
    }
    for (const line of ['if (err.errorNo === ErrorNo.TOO_FAST) return x;', ' * - 4002 (access token expired): one refresh', 'f(); // a 404 is none']) {
      expect(literalErrorNumbers(line, 'x.ts'), line).toEqual([]);
    }
  });

  it('no file of lib/api or proxy.ts writes one out', () => {
    const found = files.flatMap((file) => literalErrorNumbers(fs.readFileSync(file, 'utf8'), file));
    expect(found).toEqual([]);
  });

  it('each number is named once', () => {
    const numbers = Object.values(ErrorNo);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
