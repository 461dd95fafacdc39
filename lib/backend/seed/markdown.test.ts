/**
 * The articles' Markdown (content/articles, docs/content.md): the small subset the seed reads, and every file
 * of the repository read by it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ARTICLE_FOLDERS, readWrittenArticles } from './articles';
import { markdownToHtml, parseArticleFile } from './markdown';

describe('the Markdown subset of the articles', () => {
  it('turns headings, paragraphs, lists, emphasis and placeholders into HTML', () => {
    const md = '第一段，\n接着写。\n\n## 小标题\n\n- 一条\n- **二**条\n\n热线{{hotline}}。';
    expect(markdownToHtml(md, 'test.md', { hotline: '400-871-6655' })).toBe(
      '<p>第一段，接着写。</p><h2>小标题</h2><ul><li>一条</li><li><strong>二</strong>条</li></ul><p>热线400-871-6655。</p>',
    );
  });

  it('escapes what is not markup, and refuses what it does not know, naming the file', () => {
    expect(markdownToHtml('a & b', 'x.md')).toBe('<p>a &amp; b</p>');
    for (const bad of ['# 一级标题', '### 三级', '> 引用', '1. 编号', '<p>HTML</p>', '热线{{phone}}', '**没关', '{{hotline']) {
      expect(() => markdownToHtml(bad, 'news/03.md', { hotline: '400' }), bad).toThrow(/news\/03\.md/);
    }
  });

  it('reads the front matter, and refuses a file without it', () => {
    expect(parseArticleFile('---\ntitle: 标题：副题\n---\n\n正文', 'a.md')).toEqual({ meta: { title: '标题：副题' }, html: '<p>正文</p>' });
    expect(() => parseArticleFile('正文', 'a.md')).toThrow(/front matter/);
  });
});

describe('content/articles', () => {
  it('every folder has articles, every file has a title and a body, and no two share a title', () => {
    const articles = readWrittenArticles();
    expect(articles.length).toBeGreaterThan(100);
    for (const [type] of ARTICLE_FOLDERS) expect(articles.some((a) => a.type === type), `type ${type}`).toBe(true);
    for (const a of articles) expect(a.html.length, a.file).toBeGreaterThan(200);
    expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
  });

  it('a process started away from the project root fails the seed loudly instead of seeding a site without articles', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'articles-'));
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(elsewhere);
    try {
      expect(() => readWrittenArticles()).toThrow(/article files are missing/);
    } finally {
      cwd.mockRestore();
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('no article writes a phone number of its own: the hotline is a placeholder the seed fills', () => {
    const dir = path.join(process.cwd(), 'content', 'articles');
    for (const [, folder] of ARTICLE_FOLDERS) {
      for (const f of fs.readdirSync(path.join(dir, folder))) {
        expect(fs.readFileSync(path.join(dir, folder, f), 'utf8'), `${folder}/${f}`).not.toMatch(/\d{3,4}-\d{3,4}[- ]?\d{3,4}/);
      }
    }
  });
});
