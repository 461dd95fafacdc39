/**
 * The branded HTML types hold at compile time: `npm run typecheck` fails if a plain string could be passed where
 * SafeHtml or JsonLdText is wanted (each @ts-expect-error below would then be unused, which tsc reports).
 */
import { describe, expect, it } from 'vitest';
import { serializeJsonLd, type JsonLdText } from './json-ld';
import { sanitizeArticleHtml, type SafeHtml } from './sanitize';

describe('SafeHtml and JsonLdText', () => {
  it('only their makers return them', () => {
    const fromApi = '<p onclick="alert(1)">hi</p><script>alert(2)</script>';
    // @ts-expect-error an unsanitized string is not SafeHtml
    const unsafe: SafeHtml = fromApi;
    // @ts-expect-error a hand-made string is not JSON-LD text
    const notJson: JsonLdText = '{}';
    const safe: SafeHtml = sanitizeArticleHtml(fromApi);
    const json: JsonLdText = serializeJsonLd({ name: 'x' });
    expect(safe).toBe('<p>hi</p>');
    expect(json).toBe('{"name":"x"}');
    expect([unsafe, notJson]).toEqual([fromApi, '{}']);
  });
});
