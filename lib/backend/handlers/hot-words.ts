/**
 * Search hot words (SPEC §7 /api/TW_HotWords/). A search records its word
 * (docs/site-search.md). What gets stored is validated and rate-limited, and what gets
 * shown is filtered, so the public list cannot be filled with junk: a word is
 * listed when the editors recommend it or enough searches used it.
 */
import { optionalInt } from '../fields';
import { BackendError, ErrorNo, type EndpointMap } from '../types';
import { wholeList } from './content-helpers';

export const HOT_WORD_MAX_CHARS = 20;
/** Per IP: at most this many recorded searches a minute. */
export const HOT_WORD_RATE_PER_MINUTE = 20;
/** One client adds at most one hit to a word in this window. */
export const HOT_WORD_CLIENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A visitor's word shows in the list once this many clients searched it (one hit per client a day). */
export const HOT_WORD_MIN_HITS = 3;

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

export const hotWordEndpoints: EndpointMap = {
  'TW_HotWords/GetHotWordsList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const size = optionalInt(fields, 'PageSize', '条数', { min: 1, max: 50 }) ?? 10;
      const rows = db
        .prepare(
          `SELECT ID, Word, Hits, IsRecommend FROM hot_words
           WHERE IsRecommend = 1 OR Hits >= ? ORDER BY IsRecommend DESC, Hits DESC, Sort, ID LIMIT ?`,
        )
        .all(HOT_WORD_MIN_HITS, size);
      return wholeList(rows);
    },
  },

  /**
   * Word: the searched text; ClientIP (optional): the visitor's address when
   * the site's server records the search on the visitor's behalf, so the rate
   * limit counts visitors, not the server. ClientIP counts only from the site's
   * own server (its per-process secret, lib/security/client-address.ts): from
   * anyone else it is ignored, and the limit counts the caller's real address,
   * so one attacker cannot pose as many searchers (docs/security.md "Attacks
   * on the member system: backend"). Records one hit; answers the word as stored.
   */
  'TW_HotWords/InsertHotWords': {
    access: 'public',
    write: true,
    handle: async ({ db, fields, ip: requestIp, fromSite, throttles, now }) => {
      const checked = normalizeHotWord(fields.Word ?? fields.keyword);
      if (!checked.ok) throw new BackendError(ErrorNo.BAD_INPUT, checked.message);
      const ip = (fromSite ? clientIpField(fields.ClientIP) : null) ?? requestIp;
      // Site-wide ceiling here; the per-client limit is the minute window below, on the backend's clock.
      await throttles.consume('hotWordsGlobal', 'site');
      const at = now.getTime();
      const record = db.transaction(() => {
        db.prepare('DELETE FROM hot_word_hits WHERE At < ?').run(at - 3_600_000);
        const recent = (
          db.prepare('SELECT COUNT(*) AS n FROM hot_word_hits WHERE Ip = ? AND At > ?').get(ip, at - 60_000) as { n: number }
        ).n;
        if (recent >= HOT_WORD_RATE_PER_MINUTE) {
          throw new BackendError(ErrorNo.REFUSED, '搜索过于频繁，请稍后再试');
        }
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
        return db.prepare('SELECT ID, Word, Hits FROM hot_words WHERE Word = ?').get(checked.word);
      });
      return record();
    },
  },
};
