/**
 * The 体质辨识 server action (components/constitution/actions.ts) called as Next calls it after decoding a
 * request, against a throwaway embedded backend (docs/constitution.md): hostile arguments resolve with a
 * Chinese message and keep nothing; a missing question is named and the answers echoed; a complete form is
 * scored by the standard; keep asks a visitor to log in, refuses a 普卡 member by the member-rights rule, and
 * keeps a 银卡 member's result once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jar, request } from '@/test/next-headers-jar';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { itemsFor, type Sex } from '@/lib/constitution/items';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));
request.headers.set('x-forwarded-for', '203.0.113.36');

const overlays = await import('@/components/overlays/actions');
const { constitutionAction } = await import('./actions');

let test: TestBackend;
beforeAll(() => {
  test = installTestBackend();
});
afterAll(() => test.close());

const count = () => (test.backend.db.prepare('SELECT COUNT(*) AS n FROM constitution_records').get() as { n: number }).n;

function form(sex: Sex | null, grade: string, extra: Record<string, string> = {}, skip: string[] = []): FormData {
  const f = new FormData();
  if (sex) f.append('sex', sex);
  for (const item of itemsFor(sex ?? 'female')) if (!skip.includes(item.id)) f.append(item.id, grade);
  for (const [k, v] of Object.entries(extra)) f.append(k, v);
  return f;
}

describe('constitutionAction', () => {
  it.each([
    ['not a form', () => constitutionAction(null, { sex: 'female' } as never)],
    ['an unknown field', () => constitutionAction(null, form('female', '1', { q99: '1' }))],
    ['a grade out of range', () => constitutionAction(null, form('female', '6'))],
    ['a repeated field', () => constitutionAction(null, form('female', '1', { q1: '2' }))],
    ['markup for a sex', () => constitutionAction(null, form(null, '1', { sex: '<script>alert(1)</script>', intent: 'keep' }))],
  ])('%s: a Chinese message, nothing kept', async (_, call) => {
    const before = count();
    const r = await call();
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(/\p{Script=Han}/u);
    expect(count()).toBe(before);
  });

  it('names the missing questions by number and echoes the answers given', async () => {
    const r = await constitutionAction(null, form('male', '3', {}, ['q7', 'q42']));
    expect(r).toMatchObject({ ok: false, sex: 'male' });
    if (r.ok) throw new Error('expected a failure');
    expect(r.message).toContain('还有2道题未作答：第7题、第41题');
    expect(r.missing?.map((m) => m.id)).toEqual(['q7', 'q42']);
    expect(r.answers?.q8).toBe(3);
    expect(await constitutionAction(null, form(null, '3'))).toMatchObject({ ok: false, message: expect.stringContaining('请先选择性别') });
  });

  it('scores a complete form by the standard; keep asks a visitor to log in and keeps nothing', async () => {
    const before = count();
    const scored = await constitutionAction(null, form('female', '1'));
    expect(scored).toMatchObject({ ok: true, summary: '平和质', result: { scores: { pinghe: 75, qixu: 0 } } });
    const kept = await constitutionAction(null, form('female', '1', { intent: 'keep' }));
    expect(kept).toMatchObject({ ok: true, summary: '平和质', kept: { ok: false, loginRequired: true } });
    expect(count()).toBe(before);
  });

  it('refuses a 普卡 member by the member-rights rule, and keeps a 银卡 member’s result once', async () => {
    expect(await overlays.loginWithPasswordAction('13800000005', 'Shengai2026')).toMatchObject({ ok: true });
    const before = count();
    const refused = await constitutionAction(null, form('female', '5', { intent: 'keep' }));
    expect(refused).toMatchObject({ ok: true, result: { scores: { pinghe: 25 } }, kept: { ok: false, message: expect.stringContaining('银卡及以上') } });
    expect(count()).toBe(before);

    jar.clear();
    expect(await overlays.loginWithPasswordAction('13800000004', 'Shengai2026')).toMatchObject({ ok: true });
    const kept = await constitutionAction(null, form('male', '5', { intent: 'keep' }));
    expect(kept).toMatchObject({ ok: true, kept: { ok: true, message: '已保存到体质档案' } });
    expect(count()).toBe(before + 1);
  });
});
