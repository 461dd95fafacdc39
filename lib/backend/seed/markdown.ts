/**
 * The Markdown of the written articles (content/articles, docs/content.md), turned into the HTML the news API
 * serves. A deliberately small subset, so a file means one thing and an editor's slip fails the seed instead of
 * publishing odd markup:
 *
 * - a block is separated from the next by a blank line;
 * - `## heading` is a section heading (h2; the page's h1 is the title);
 * - lines that each start with `- ` are a list;
 * - any other block is one paragraph (its lines are joined);
 * - inside a block, `**words**` is strong emphasis, and `{{name}}` is replaced by a value the seed names once
 *   (the hotline, lib/site-config.ts), so no article writes a number of its own.
 *
 * Anything else that looks like Markdown or HTML (`#`, `###`, `>`, `1.`, `<tag>`, an unknown `{{name}}`, an
 * unclosed `**`) throws, naming the file.
 */

export interface ArticleFile {
  /** Front matter: `key: value` lines between two `---` lines at the top. */
  meta: Record<string, string>;
  /** The body as HTML. */
  html: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(text: string, values: Readonly<Record<string, string>>, where: string): string {
  if (/<\/?[a-z]/i.test(text)) throw new Error(`${where}: HTML in Markdown (“${text.slice(0, 30)}”)`);
  const filled = text.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${where}: unknown placeholder {{${name}}}`);
    return value;
  });
  if (/\{\{|\}\}/.test(filled)) throw new Error(`${where}: malformed placeholder in “${text.slice(0, 30)}”`);
  const parts = escapeHtml(filled).split('**');
  if (parts.length % 2 === 0) throw new Error(`${where}: unclosed ** in “${text.slice(0, 30)}”`);
  return parts.map((p, i) => (i % 2 ? `<strong>${p}</strong>` : p)).join('');
}

/** Front matter and body of one article file. */
export function parseArticleFile(source: string, where: string, values: Readonly<Record<string, string>> = {}): ArticleFile {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!front) throw new Error(`${where}: no front matter (--- title: … ---)`);
  const meta: Record<string, string> = {};
  for (const line of front[1]!.split('\n')) {
    const m = /^([a-z]+):\s*(.*?)\s*$/.exec(line);
    if (!m) throw new Error(`${where}: front matter line “${line}” is not key: value`);
    meta[m[1]!] = m[2]!;
  }
  return { meta, html: markdownToHtml(text.slice(front[0].length), where, values) };
}

/** The HTML of a body in the subset above. */
export function markdownToHtml(markdown: string, where: string, values: Readonly<Record<string, string>> = {}): string {
  const blocks = markdown
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  if (blocks.length === 0) throw new Error(`${where}: empty body`);
  return blocks
    .map((block) => {
      const lines = block.split('\n').map((l) => l.trim());
      if (lines[0]!.startsWith('## ') && lines.length === 1) return `<h2>${inline(lines[0]!.slice(3).trim(), values, where)}</h2>`;
      if (lines.every((l) => l.startsWith('- '))) return `<ul>${lines.map((l) => `<li>${inline(l.slice(2).trim(), values, where)}</li>`).join('')}</ul>`;
      if (lines.some((l) => /^(#|>|- |\d+[.)]\s|```)/.test(l))) throw new Error(`${where}: unsupported Markdown in “${block.slice(0, 30)}”`);
      return `<p>${inline(lines.join(''), values, where)}</p>`;
    })
    .join('');
}
