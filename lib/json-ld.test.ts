import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './json-ld';

describe('serializeJsonLd', () => {
  it('keeps the data: parsing the text gives it back', () => {
    const data = { '@type': 'Physician', name: '李医生 </script><script>alert(1)</script>', note: 'a\u2028b' };
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
  it('a value from the API cannot close the script element or open a comment', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script><!--' });
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
  });
});
