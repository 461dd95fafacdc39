import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROVINCE,
  DOCTOR_SORTS,
  EVALUATION_CONTENT_FILTERS,
  EVALUATION_TYPES,
  HELP_LIST_PAGE_SIZE,
  LOGIN_REQUIRED_REDIRECT_MS,
  LOGOUT_REDIRECT_MS,
  MESSAGE_DURATION_MS,
  QUESTION_TYPES,
  REPLY_FILTERS,
  REQUEST_TIMEOUT_MS,
  RETRY_COUNT,
  SATISFACTION_FILTERS,
  SCROLL_TO_TOP_MS,
  SPECIALTY_SORTS,
  SYMPTOM_SORTS,
  pickOption,
} from './constants';

describe('SPEC §9 constants', () => {
  it('has the timing and size limits', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(8000);
    expect(RETRY_COUNT).toBe(3);
    expect(MESSAGE_DURATION_MS).toBe(5000);
    expect(HELP_LIST_PAGE_SIZE).toBe(1000);
    expect(SCROLL_TO_TOP_MS).toBe(500);
    expect(LOGOUT_REDIRECT_MS).toBe(1000);
    expect(LOGIN_REQUIRED_REDIRECT_MS).toBe(2000);
    expect(DEFAULT_PROVINCE).toEqual({ id: 215, name: '云南' });
  });
  it('has the sort options of each list', () => {
    expect(DOCTOR_SORTS.map((o) => o.label)).toEqual(['默认', '好评', '服务', '粉丝']);
    expect(SYMPTOM_SORTS.map((o) => o.label)).toEqual(['默认', '好评', '服务']);
    expect(SPECIALTY_SORTS.map((o) => o.label)).toEqual(['专科', '好评', '服务']);
  });
  it('has the filters with their wire values', () => {
    expect(QUESTION_TYPES.map((o) => o.value)).toEqual(['', '0', '1']);
    expect(REPLY_FILTERS.map((o) => [o.value, o.label])).toEqual([['', '全部'], ['1', '已回复'], ['0', '未回复']]);
    expect(SATISFACTION_FILTERS.map((o) => o.value)).toEqual(['', '1', '2', '3']);
    expect(EVALUATION_TYPES.map((o) => [o.value, o.label])).toEqual([['', '全部'], ['0', '人工'], ['1', '系统']]);
    expect(EVALUATION_CONTENT_FILTERS.map((o) => o.value)).toEqual(['', '1', '0']);
  });
  it('pickOption narrows untrusted values to an option, else the first', () => {
    expect(pickOption(DOCTOR_SORTS, 'praise')).toBe('praise');
    expect(pickOption(DOCTOR_SORTS, '<script>')).toBe('default');
    expect(pickOption(DOCTOR_SORTS, ['praise'])).toBe('default');
  });
});
