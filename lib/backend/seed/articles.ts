/**
 * The written articles (docs/content.md): one Markdown file per article under content/articles/<type>/, read
 * when a fresh database is seeded (seed/content.ts), never bundled. The folder names the news type, the file name
 * (01.md, 02.md…) its place in the list, the front matter its title. seed/markdown.ts turns the body into HTML.
 *
 * The files are read from the working directory of the process, like the share cards' font (lib/share-card/font.ts):
 * `next start`, `next build`, the tests and the scripts all run from the project root, where content/ ships.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NEWS_TYPES, type NewsType } from '../../news-types';
import { siteConfig } from '../../site-config';
import { parseArticleFile } from './markdown';

/** The folder of each written type, in the order the seed inserts them. */
export const ARTICLE_FOLDERS: [type: NewsType, folder: string][] = [
  [NEWS_TYPES.news, 'news'],
  [NEWS_TYPES.culture, 'culture'],
  [NEWS_TYPES.growingUp, 'growing-up'],
  [NEWS_TYPES.video, 'video'],
  [NEWS_TYPES.glory, 'glory'],
  [NEWS_TYPES.charityActivity, 'charity-activity'],
  [NEWS_TYPES.healthScience, 'health-science'],
  [NEWS_TYPES.charityNotice, 'charity-notice'],
  [NEWS_TYPES.charityProject, 'charity-project'],
];

/** Every type whose articles are all written (the consistency test holds them to 600–1500 characters…). */
export const WRITTEN_ARTICLE_TYPES: number[] = ARTICLE_FOLDERS.map(([type]) => type);

/**
 * What a `{{name}}` in an article stands for: numbers the site names once and shows everywhere, so an article
 * can never give a hotline of its own (docs/content.md).
 */
export const ARTICLE_VALUES: Readonly<Record<string, string>> = {
  hotline: siteConfig.contact.hotline,
};

/** Health-science articles end with this advice (docs/content.md); the files leave it to the seed. */
const HEALTH_SCIENCE_CAVEAT =
  '<p class="caveat">本文为健康科普，仅供参考，不能代替医生面诊。中医讲究辨证施治，同样的症状在不同体质的人身上用药并不相同；如症状持续、加重或伴有其他不适，请及时到正规医疗机构就诊，在医生指导下调理，切勿自行用药。</p>';

export interface WrittenArticle {
  type: NewsType;
  title: string;
  /** Body HTML. */
  html: string;
  /** Front matter beyond the title (a video's clip length, for instance). */
  meta: Record<string, string>;
  /** Path under content/articles, for messages. */
  file: string;
}

/**
 * Every written article, by type in ARTICLE_FOLDERS order, then by file name. Throws on a missing folder or a bad
 * file. The paths are spelled out from process.cwd() where they are read, so the build traces content/articles only
 * (a path passed in makes Turbopack trace the whole project).
 */
export function readWrittenArticles(): WrittenArticle[] {
  if (!fs.existsSync(path.join(process.cwd(), 'content', 'articles'))) {
    throw new Error(`seed: the article files are missing (${path.join(process.cwd(), 'content', 'articles')}); run the server from the project root, where content/ ships`);
  }
  const titles = new Set<string>();
  return ARTICLE_FOLDERS.flatMap(([type, folder]) => {
    const files = fs.readdirSync(path.join(process.cwd(), 'content', 'articles', folder)).filter((f) => f.endsWith('.md')).sort();
    if (files.length === 0) throw new Error(`seed: no articles in content/articles/${folder}`);
    return files.map((name) => {
      const file = `${folder}/${name}`;
      const source = fs.readFileSync(path.join(process.cwd(), 'content', 'articles', folder, name), 'utf8');
      const { meta, html } = parseArticleFile(source, `content/articles/${file}`, ARTICLE_VALUES);
      const { title, ...rest } = meta;
      if (!title) throw new Error(`seed: content/articles/${file} has no title`);
      if (titles.has(title)) throw new Error(`seed: two articles are titled “${title}” (content/articles/${file})`);
      titles.add(title);
      return { type, title, html: type === NEWS_TYPES.healthScience ? html + HEALTH_SCIENCE_CAVEAT : html, meta: rest, file };
    });
  });
}
