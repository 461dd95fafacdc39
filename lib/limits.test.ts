/**
 * One table of limits (lib/limits.ts): docs/security.md "The limits" is that table, and no other source file
 * keeps a limit's refusal of its own (the throttles, the SMS quotas, the password lock, the hot-word queue, the
 * booking caps and the route limits all read the table). The rules themselves are held by their own tests
 * (lib/backend/abuse.test.ts, attacks.test.ts, handlers/auth.test.ts, booking-limits.test.ts,
 * lib/security/route-limits.test.ts), which count with literal numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, LIMITS, LIMITS_DOC_BEGIN, LIMITS_DOC_END, limitMessage, limitsTableMarkdown, type Limit, type LimitName } from './limits';

const root = process.cwd();
const rows = Object.entries(LIMITS) as [LimitName, Limit][];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('the one table of limits', () => {
  it('the prose of docs/security.md that spells an allowance says what the table says', () => {
    // The analysis of what an attacker needs is written at today's allowances; a changed row fails here until
    // the sentence that spells it is rewritten too (the table alone is generated).
    const doc = fs.readFileSync(path.join(root, 'docs', 'security.md'), 'utf8').replace(/\s+/g, ' ');
    const a = (name: LimitName) => LIMITS[name].allowance;
    const sentences = [
      `a phone gets at most ${a('smsPhoneDay')} codes a day, ${a('smsPhoneDayStrangers')} of them at strangers' request`,
      `strangers together may spend ${a('smsPhoneDayStrangers')} of a phone's ${a('smsPhoneDay')} codes a day; the other ${a('smsPhoneDay') - a('smsPhoneDayStrangers')} are kept`,
      `the per-phone ceiling of wrong passwords (${a('loginPhone')} an hour)`,
      `strangers' wrong guesses (${a('smsWrongPerClient')} per client, ${a('smsWrongPerCode')} in all)`,
      `its own limits (${a('loginClient')} wrong passwords per 15 minutes, the growing lock after ${a('passwordLock')} wrong ones`,
    ];
    for (const sentence of sentences) expect(doc.includes(sentence), `docs/security.md says: ${sentence}`).toBe(true);
  });

  it('is the table of docs/security.md "The limits" (npm run docs:limits writes it)', () => {
    const doc = fs.readFileSync(path.join(root, 'docs', 'security.md'), 'utf8');
    const begin = doc.indexOf(LIMITS_DOC_BEGIN);
    const end = doc.indexOf(LIMITS_DOC_END);
    expect(begin, 'docs/security.md has the table\'s markers').toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(begin);
    const inDoc = doc.slice(begin + LIMITS_DOC_BEGIN.length, end).trim();
    // Row by row first, so a changed number names its limit.
    const docRows = new Map(inDoc.split('\n').slice(2).map((line) => [line.split('|')[1]!.trim(), line]));
    for (const line of limitsTableMarkdown().split('\n').slice(2)) {
      const name = line.split('|')[1]!.trim();
      expect(docRows.get(name), `docs/security.md row ${name}`).toBe(line);
    }
    expect(inDoc).toBe(limitsTableMarkdown());
  });

  it('holds every limit with a positive allowance, a window and a Chinese refusal', () => {
    for (const [name, row] of rows) {
      expect(Number.isInteger(row.allowance) && row.allowance > 0, name).toBe(true);
      if (typeof row.window === 'number') expect(row.window, name).toBeGreaterThan(0);
      expect(limitMessage(name, '1分钟'), name).toMatch(/^[\u4e00-\u9fff]/u);
      expect(limitMessage(name, '1分钟'), name).not.toMatch(/[{}]/);
    }
  });

  it('keeps the site-wide ceilings above the per-client allowances they stand behind', () => {
    // A ceiling below one client's allowance would let one client spend it again (docs/security.md "Per client,
    // per phone, then the site").
    const pairs: [LimitName, LimitName][] = [
      ['loginClient', 'loginGlobal'],
      ['smsSendClient', 'smsSendGlobal'],
      ['smsVerifyClient', 'smsVerifyGlobal'],
      ['registerClient', 'registerGlobal'],
      ['resetClient', 'resetGlobal'],
      ['hotWordsClient', 'hotWordsGlobal'],
    ];
    for (const [client, site] of pairs) expect(LIMITS[site].allowance, `${site} > ${client}`).toBeGreaterThan(LIMITS[client].allowance);
    expect(LIMITS.smsPhoneDayStrangers.allowance).toBeLessThan(LIMITS.smsPhoneDay.allowance);
  });

  it('is the only source file that words a limit’s refusal', () => {
    // The fixed text of each refusal (its longest piece between placeholders) found anywhere else means a
    // second place to change it.
    const pieces = [...new Set(rows.map(([, row]) => row.message.split(/\{[a-z]+\}/).sort((a, b) => b.length - a.length)[0]!))];
    const files = [...sourceFiles('lib'), ...sourceFiles('app'), ...sourceFiles('components'), 'proxy.ts'].filter((f) => f !== path.join('lib', 'limits.ts'));
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const piece of pieces) if (text.includes(piece)) found.push(`${file}: ${piece}`);
    }
    expect(found).toEqual([]);
  });
});

describe('request body limits', () => {
  const megabytes = (text: string, pattern: RegExp): number => {
    const match = pattern.exec(text);
    expect(match, String(pattern)).not.toBeNull();
    return Number(match![1]) * 1024 * 1024;
  };

  it('Next and nginx take at least the largest body the site takes (the photo upload), or a patient’s photos never arrive', () => {
    const nextConfig = fs.readFileSync(path.join(process.cwd(), 'next.config.mjs'), 'utf8');
    const nginx = fs.readFileSync(path.join(process.cwd(), 'deploy/nginx/shengai.conf.template'), 'utf8');
    expect(megabytes(nextConfig, /bodySizeLimit:\s*'(\d+)mb'/)).toBeGreaterThanOrEqual(BODY_LIMITS.upload);
    expect(megabytes(nextConfig, /proxyClientMaxBodySize:\s*'(\d+)mb'/)).toBeGreaterThanOrEqual(BODY_LIMITS.upload);
    expect(megabytes(nginx, /client_max_body_size\s+(\d+)m;/)).toBeGreaterThanOrEqual(BODY_LIMITS.upload);
    expect(BODY_LIMITS.api).toBeLessThan(BODY_LIMITS.action);
  });
});
