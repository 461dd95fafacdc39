import 'server-only';
/**
 * Search hot words (SPEC §7 /api/TW_HotWords/): the list under the search box,
 * and the recording of a search's word (a write: never retried).
 */
import { CACHE_TAGS, REVALIDATE, cachedRead } from './cache';
import { post } from './client';
import { publicRead } from './public';

export interface HotWord {
  word: string;
  hits: number;
  recommended: boolean;
}

export function getHotWords(size = 10): Promise<HotWord[]> {
  return cachedRead(
    ['hot-words', size],
    async () =>
      (
        await publicRead('TW_HotWords/GetHotWordsList', {
          PageSize: size,
        })
      ).DataList.map((w) => ({ word: w.Word, hits: w.Hits, recommended: w.IsRecommend === 1 })),
    { tags: [CACHE_TAGS.hotWords], revalidate: REVALIDATE.content },
  );
}

/**
 * Records a searched word (InsertHotWords). A refused word (invalid, too
 * frequent) or a fault only means the word is not counted: the search itself
 * goes on, so this answers false instead of throwing.
 */
export async function recordSearch(word: string, clientIp?: string | null): Promise<boolean> {
  try {
    // The visitor's address, so the per-IP limit counts visitors rather than this server.
    await post('TW_HotWords/InsertHotWords', { Word: word, ClientIP: clientIp || undefined }, { write: true });
    return true;
  } catch {
    return false;
  }
}
