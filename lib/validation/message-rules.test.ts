import { describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_MAX as BACKEND_MAX, MESSAGE_CONTENT_MIN as BACKEND_MIN } from '@/lib/backend/handlers/messages';
import { MESSAGE_CONTENT_MAX, MESSAGE_CONTENT_MIN, validateMessageDraft } from './message-rules';

const draft = { sourceId: '3', title: '', content: '请问周末门诊几点开门？', contactPhone: '' };

describe('message form rules (SPEC §2 member services)', () => {
  it('match the backend limits', () => {
    expect([MESSAGE_CONTENT_MIN, MESSAGE_CONTENT_MAX]).toEqual([BACKEND_MIN, BACKEND_MAX]);
  });
  it('accept a valid draft', () => {
    expect(validateMessageDraft(draft, [3])).toEqual({ ok: true, value: { sourceId: 3, title: '', content: draft.content, contactPhone: '' } });
  });
  it('give a clear message for each bad field', () => {
    const r = validateMessageDraft({ sourceId: '', title: '题'.repeat(51), content: '短', contactPhone: '123' }, [3]);
    expect(r).toEqual({
      ok: false,
      errors: { sourceId: '请选择分类', title: '标题不能超过50个字', content: '内容至少5个字', contactPhone: '请输入11位手机号' },
    });
    expect(validateMessageDraft({ ...draft, sourceId: '9' }, [3])).toMatchObject({ ok: false, errors: { sourceId: '分类无效，请重新选择' } });
    expect(validateMessageDraft({ ...draft, content: '字'.repeat(501) }, [3])).toMatchObject({ ok: false, errors: { content: '内容不能超过500个字' } });
    expect(validateMessageDraft({ ...draft, content: '   ' }, [3])).toMatchObject({ ok: false, errors: { content: '请填写内容' } });
  });
  it('count 汉字 and emoji as one character each', () => {
    expect(validateMessageDraft({ ...draft, content: '😀'.repeat(500) }, [3]).ok).toBe(true);
  });
  it('refuse control characters (docs/security.md) but keep line breaks, markup and quotes as text', () => {
    expect(validateMessageDraft({ ...draft, content: '请问\u0000周末门诊' }, [3])).toMatchObject({ ok: false, errors: { content: '内容包含无效字符' } });
    expect(validateMessageDraft({ ...draft, title: '标题\u001b[31m' }, [3])).toMatchObject({ ok: false, errors: { title: '标题包含无效字符' } });
    const text = "<script>alert(1)</script>\n' OR 1=1 --";
    expect(validateMessageDraft({ ...draft, content: text }, [3])).toEqual({ ok: true, value: { sourceId: 3, title: '', content: text, contactPhone: '' } });
  });
  it('take a category id only as plain digits', () => {
    for (const sourceId of ['0x3', '3e0', ' 3', '3.0', '+3']) {
      expect(validateMessageDraft({ ...draft, sourceId }, [3]), sourceId).toMatchObject({ ok: false, errors: { sourceId: '分类无效，请重新选择' } });
    }
  });
});
