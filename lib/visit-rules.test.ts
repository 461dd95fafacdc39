/**
 * The cut-off and the 就诊须知 are written once (lib/visit-rules.ts): the backend's setting reads the cut-off
 * there, the pages' words come from there, and no other source file keeps a copy of either.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from './backend/settings';
import { CANCEL_CUTOFF, cancelCutoffMinutes, cancelPolicyText, cutoffText, VISIT_NOTICE_SHORT, visitNotice } from './visit-rules';

const root = process.cwd();
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}
const sources = ['app', 'components', 'lib'].flatMap(sourceFiles).filter((f) => f !== path.join('lib', 'visit-rules.ts'));

describe('the cancel and reschedule cut-off', () => {
  it('is the default unless the environment names a positive whole number of minutes', () => {
    expect(cancelCutoffMinutes({})).toBe(120);
    expect(cancelCutoffMinutes({ [CANCEL_CUTOFF.env]: '90' })).toBe(90);
    for (const bad of ['0', '-5', 'abc', '1.5', '']) expect(cancelCutoffMinutes({ [CANCEL_CUTOFF.env]: bad }), bad).toBe(120);
  });

  it('is what the embedded backend enforces', () => {
    const before = process.env[CANCEL_CUTOFF.env];
    try {
      process.env[CANCEL_CUTOFF.env] = '45';
      expect(settingsFromEnv({ jwtSecret: new Uint8Array(32), dbPath: ':memory:' }).bookingCancelCutoffMinutes).toBe(45);
    } finally {
      if (before === undefined) delete process.env[CANCEL_CUTOFF.env];
      else process.env[CANCEL_CUTOFF.env] = before;
    }
  });

  it('is said in hours when whole, else in minutes, and the booking page’s line says it', () => {
    expect(cutoffText(120)).toBe('2小时');
    expect(cutoffText(90)).toBe('90分钟');
    expect(cancelPolicyText(180)).toContain('就诊前3小时可在预约详情中取消或改约');
  });

  it('is written in no other source file as hours of its own', () => {
    const offenders = sources.filter((f) => /前\s*2\s*小时|不足2小时/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('就诊须知', () => {
  it('names the clinic to arrive at and what to bring', () => {
    const lines = visitNotice('昆明圣爱中医馆');
    expect(lines[0]).toBe('请至少提前15分钟到达昆明圣爱中医馆，到分诊台凭预约单号或就诊人身份证报到。');
    expect(lines.join('')).toContain('携带就诊人身份证或医保卡');
    expect(VISIT_NOTICE_SHORT).toBe('请至少提前15分钟到达，携带就诊人身份证或医保卡。');
  });

  it('has no second copy in another source file', () => {
    const offenders = sources.filter((f) => /提前\s*15\s*分钟到达|携带就诊人身份证或医保卡/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
