import { describe, expect, it } from 'vitest';
import { finderMatchText } from './finder-match-text';

describe('the finder heading’s match', () => {
  it('says 符合 once, whatever matched', () => {
    expect(finderMatchText('颈椎', true)).toBe('符合“颈椎”及所选条件');
    expect(finderMatchText('颈椎', false)).toBe('符合“颈椎”');
    expect(finderMatchText('', true)).toBe('符合所选条件');
    expect(finderMatchText('', false)).toBe('');
    expect(finderMatchText('颈椎', true).match(/符合/g)).toHaveLength(1);
  });
});
