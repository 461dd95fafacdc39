/**
 * Search hot words (SPEC §7 /api/TW_HotWords/, docs/site-search.md "Hot words"). The list shown under the
 * search box, in the suggestions and on the home page holds only words the editors approved (the seeded
 * words, and words approved with `npm run hot-words -- approve <word>`, scripts/hot-words.ts). A visitor's
 * search only feeds the queue of candidates the editors read (`npm run hot-words -- queue`): however many
 * clients search a word, it is never listed by itself (docs/security.md "Abuse from many clients").
 * Words that look like a contact or an address (`.`, `:`, `@`, runs of digits, a Latin domain) are never
 * listed and cannot be approved. The queue is bounded (HOT_WORD_QUEUE_MAX) and rate-limited per client.
 */
import { optionalInt } from '../fields';
import { LIMITS, limitMessage, limitSeconds } from '@/lib/limits';
import { limitKey } from '@/lib/security/client-address';
import { BackendError, ErrorNo, TooManyRequests, type Database, type EndpointMap } from '../types';
import { wholeList } from './content-helpers';
import type { WireHotWordHit } from '@/lib/contract';

export const HOT_WORD_MAX_CHARS = 20;
/** One client adds at most one hit to a word in this window. */
export const HOT_WORD_CLIENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Candidates kept in the queue; past it the least searched, oldest ones go. */
export const HOT_WORD_QUEUE_MAX = 1000;

/**
 * A word that looks like a way to reach someone rather than something a patient searches: punctuation of
 * addresses and handles (`.` `:` `@`, also in their full-width and Chinese forms), a run of four or more
 * digits (phone, QQ and WeChat numbers), a Latin domain written with a space or 点 (`spam cc`, `x点com`),
 * or the usual shorthands for a contact (V信, vx, wx, QQ, 加微). Checked after NFKC, so full-width forms fold.
 */
export function looksLikeContact(word: string): boolean {
  const w = word.normalize('NFKC').toLowerCase();
  if (/[.:@。．：＠·•]/u.test(w)) return true;
  if (/\d{4,}/.test(w)) return true;
  if (/[a-z0-9-]{1,63}\s*(?:点|dot|\s)\s*(?:com|cn|net|org|cc|top|xyz|vip|info|io|me|co|tv|wang|shop|site|club|online|link|ltd|biz)\b/.test(w)) return true;
  return /(?:v信|微信号|威信|薇信|vx|wx|qq|加微|加v|扣扣|联系方式|电话)/u.test(w);
}

/** Normalizes a search word, or explains in Chinese why it cannot be stored. */
export function normalizeHotWord(raw: string | undefined): { ok: true; word: string } | { ok: false; message: string } {
  if (raw === undefined) return { ok: false, message: '缺少搜索词' };
  if (raw.length > 200) return { ok: false, message: `搜索词过长，最多${HOT_WORD_MAX_CHARS}个字符` };
  const word = raw.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (!word) return { ok: false, message: '缺少搜索词' };
  if ([...word].length > HOT_WORD_MAX_CHARS) return { ok: false, message: `搜索词过长，最多${HOT_WORD_MAX_CHARS}个字符` };
  // Markup, quotes, slashes and control characters never belong to a search word.
  if (/[<>"'`\\/{}\[\]=;&%$#@^*|~\p{Cc}\p{Cf}]/u.test(word)) return { ok: false, message: '搜索词包含不支持的字符' };
  if (!/\p{L}/u.test(word)) return { ok: false, message: '搜索词需包含文字' };
  return { ok: true, word };
}

/** An IPv4 or IPv6 address as sent in ClientIP, or null when absent or not an address. */
function clientIpField(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  return value.length > 0 && value.length <= 45 && /^[0-9a-fA-F.:]+$/.test(value) ? value : null;
}

/** The approved words, recommended first, then by hits: what the site shows. */
export function approvedHotWords(db: Database, size: number) {
  const rows = db
    .prepare(`SELECT ID, Word, Hits, IsRecommend FROM hot_words WHERE Approved = 1 ORDER BY IsRecommend DESC, Hits DESC, Sort, ID`)
    .all() as { ID: number; Word: string; Hits: number; IsRecommend: number }[];
  // An approved word that looks like a contact (approved before this rule, or edited in the database) stays off.
  return rows.filter((r) => !looksLikeContact(r.Word)).slice(0, size);
}

/** The candidates visitors' searches put forward, most searched first (for the editors). */
export function hotWordQueue(db: Database, limit = 50) {
  return db
    .prepare('SELECT Word, Hits, LastTime FROM hot_words WHERE Approved = 0 ORDER BY Hits DESC, LastTime DESC LIMIT ?')
    .all(limit) as { Word: string; Hits: number; LastTime: string }[];
}

/** An editor approves a word (queued or new): it is listed from now on. Refuses what may not be listed. */
export function approveHotWord(db: Database, raw: string, now: Date): { ok: true; word: string } | { ok: false; message: string } {
  const checked = normalizeHotWord(raw);
  if (!checked.ok) return checked;
  if (looksLikeContact(checked.word)) return { ok: false, message: '该词像是联系方式或网址，不能列为热词' };
  db.prepare(
    `INSERT INTO hot_words (Word, Hits, LastTime, Approved) VALUES (?, 0, ?, 1)
     ON CONFLICT (Word) DO UPDATE SET Approved = 1`,
  ).run(checked.word, now.toISOString());
  return { ok: true, word: checked.word };
}

/** An editor takes a word off the list (it stays out of the queue too). */
export function withdrawHotWord(db: Database, raw: string): boolean {
  const checked = normalizeHotWord(raw);
  return checked.ok && db.prepare('UPDATE hot_words SET Approved = -1, IsRecommend = 0 WHERE Word = ?').run(checked.word).changes > 0;
}

const tooFast = () => new TooManyRequests(limitMessage('hotWordsClient'), limitSeconds('hotWordsClient'));

export const hotWordEndpoints = {
  'TW_HotWords/GetHotWordsList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const size = optionalInt(fields, 'PageSize', '条数', { min: 1, max: 50 }) ?? 10;
      return wholeList(approvedHotWords(db, size));
    },
  },

  /**
   * Word: the searched text; ClientIP (optional): the visitor's address when
   * the site's server records the search on the visitor's behalf, so the rate
   * limit counts visitors, not the server. ClientIP counts only from the site's
   * own server (its per-process secret, lib/security/client-address.ts): from
   * anyone else it is ignored, and the limit counts the caller's real address,
   * so one attacker cannot pose as many searchers (docs/security.md "Attacks
   * on the member system: backend"). Records one hit in the queue; answers the word as stored. The
   * client's minute is checked before the site-wide ceiling is charged (throttles.ts).
   */
  'TW_HotWords/InsertHotWords': {
    access: 'public',
    write: true,
    handle: async ({ db, fields, ip: requestIp, fromSite, throttles, now }) => {
      const checked = normalizeHotWord(fields.Word ?? fields.keyword);
      if (!checked.ok) throw new BackendError(ErrorNo.BAD_INPUT, checked.message);
      const sent = fromSite ? clientIpField(fields.ClientIP) : null;
      const ip = sent ? limitKey(sent) : requestIp;
      const at = now.getTime();
      const recent = () =>
        (db.prepare('SELECT COUNT(*) AS n FROM hot_word_hits WHERE Ip = ? AND At > ?').get(ip, at - limitSeconds('hotWordsClient') * 1000) as { n: number }).n;
      // The client's own minute first (on the backend's clock), the site-wide ceiling only after it (lib/limits.ts hotWordsClient).
      if (recent() >= LIMITS.hotWordsClient.allowance) throw tooFast();
      await throttles.consume('hotWordsGlobal', 'site');
      const record = db.transaction(() => {
        db.prepare('DELETE FROM hot_word_hits WHERE At < ?').run(at - 3_600_000);
        if (recent() >= LIMITS.hotWordsClient.allowance) throw tooFast();
        db.prepare('INSERT INTO hot_word_hits (Ip, At) VALUES (?, ?)').run(ip, at);
        // A word's Hits count distinct clients a day: the same client searching again adds nothing.
        const fresh = db
          .prepare(
            `INSERT INTO hot_word_clients (Word, Ip, At) VALUES (?, ?, ?)
             ON CONFLICT (Word, Ip) DO UPDATE SET At = excluded.At WHERE At < ?`,
          )
          .run(checked.word, ip, at, at - HOT_WORD_CLIENT_WINDOW_MS).changes;
        db.prepare(
          `INSERT INTO hot_words (Word, Hits, LastTime) VALUES (@word, @hit, @time)
           ON CONFLICT (Word) DO UPDATE SET Hits = Hits + @hit, LastTime = @time`,
        ).run({ word: checked.word, hit: fresh > 0 ? 1 : 0, time: now.toISOString() });
        const stored = db.prepare('SELECT ID, Word, Hits FROM hot_words WHERE Word = ?').get(checked.word) as WireHotWordHit;
        // The queue is bounded: past HOT_WORD_QUEUE_MAX candidates, the least searched and oldest go.
        db.prepare(
          `DELETE FROM hot_words WHERE ID IN (SELECT ID FROM hot_words WHERE Approved = 0
             ORDER BY Hits DESC, LastTime DESC LIMIT -1 OFFSET ?)`,
        ).run(HOT_WORD_QUEUE_MAX);
        return stored;
      });
      return record();
    },
  },
} satisfies EndpointMap;
