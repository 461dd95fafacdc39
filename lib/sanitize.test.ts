import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeArticleHtml } from './sanitize';

// docs/architecture.md: article bodies are sanitized with an explicit allowlist.
// An event handler only matters inside a tag; text such as "' onmouseover='" is shown as text.
const dangerous = /<script|<[^>]*\son[a-z]+\s*=|javascript:|<style|<iframe|<object|<embed/i;

describe('sanitizeArticleHtml', () => {
  it('keeps headings, paragraphs, lists, local and https images, and safe links', () => {
    const html =
      '<h2>标题</h2><p>正文<strong>重点</strong></p><ul><li>一</li></ul>' +
      '<img src="/images/news/a.svg" alt="图"><img src="https://x.example/a.png">' +
      '<a href="https://example.com">外链</a><a href="mailto:a@b.cn">邮件</a><a href="/trendsInfor">站内</a>';
    const out = sanitizeArticleHtml(html);
    expect(out).toContain('<h2>标题</h2>');
    expect(out).toContain('<strong>重点</strong>');
    expect(out).toContain('<li>一</li>');
    expect(out).toContain('src="/images/news/a.svg"');
    expect(out).toContain('src="https://x.example/a.png"');
    expect(out).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
    expect(out).toContain('href="mailto:a@b.cn"');
    expect(out).toContain('href="/trendsInfor"');
  });

  it('removes the seeded attack: script, onerror and javascript:', () => {
    const out = sanitizeArticleHtml(
      '<p>x</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">点我</a>',
    );
    expect(out).not.toMatch(dangerous);
    expect(out).not.toContain('alert(1)');
    expect(out).toContain('点我');
  });

  it('drops style, iframe, object, embed, form and data: or vbscript: URLs', () => {
    const out = sanitizeArticleHtml(
      '<style>p{}</style><iframe src="https://a"></iframe><object data="x"></object><embed src="x">' +
        '<form action="/x"><input name="a"></form><p style="color:red">t</p>' +
        '<img src="data:image/png;base64,AAA"><a href="vbscript:x">v</a><a href="JaVaScRiPt:alert(1)">j</a>' +
        '<a href="  javascript:alert(1)">k</a><a href="//evil.example/x">p</a>',
    );
    expect(out).not.toMatch(dangerous);
    expect(out).not.toMatch(/<form|<input|style=|data:|vbscript:|\/\/evil/i);
    expect(out).toContain('<p>t</p>');
  });

  it('is empty for empty input', () => {
    expect(sanitizeArticleHtml('')).toBe('');
    expect(sanitizeArticleHtml(null)).toBe('');
  });

  const fragments = fc.constantFrom(
    '<script>alert(1)</script>', '<SCRIPT SRC=//x></SCRIPT>', '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">a</a>', '<a href="jav&#x09;ascript:alert(1)">b</a>', '<svg onload=alert(1)>',
    '<p onclick="x()">c</p>', '<iframe src="javascript:alert(1)"></iframe>', '<style>*{}</style>',
    '<body onload=x>', '<div style="background:url(javascript:x)">d</div>', '<scr<script>ipt>alert(1)</script>',
    '<<script>script>', '<p>正文</p>', '<h2>小标题</h2>', '<img src="/images/news/1.svg" alt="">', '"><', '\' onmouseover=\'x',
  );

  it('property: output never holds <script, an on…= handler or javascript:', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fragments, fc.string()), { maxLength: 12 }), (parts) => {
        expect(sanitizeArticleHtml(parts.join(''))).not.toMatch(dangerous);
      }),
      { numRuns: 500 },
    );
  });

  it('property: sanitizing is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fragments, fc.string()), { maxLength: 8 }), (parts) => {
        const once = sanitizeArticleHtml(parts.join(''));
        expect(sanitizeArticleHtml(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe('htmlToText', () => {
  it('gives the text without tags or script content', () => {
    expect(htmlToText('<h2>标题</h2><script>alert(1)</script><p>a&amp;b&nbsp;c</p>')).toBe('标题a&b c');
  });
});
