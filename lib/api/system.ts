import 'server-only';
/**
 * The group's rules and their revision log (SPEC §7 /api/TW_Class/
 * GetSystemMenu, GetSystemList, GetLogList, GetLogListDetail).
 */
import { sanitizeArticleHtml, type SafeHtml } from '@/lib/sanitize';
import { CACHE_TAGS, REVALIDATE, cachedRead } from './cache';
import { isApiError } from './errors';
import { reshapePage } from './news';
import { publicRead } from './public';
import type { Page } from './types';
import { isMissing, type WireDoc, type WireLog } from '@/lib/contract';

export interface SystemClass {
  id: number;
  name: string;
  description: string;
  docCount: number;
}

export interface SystemDoc {
  id: number;
  classId: number;
  className: string;
  title: string;
  docNo: string;
  /** Sanitized HTML (lib/sanitize.ts). */
  bodyHtml: SafeHtml;
  publishedAt: string;
}

export interface SystemLog {
  id: number;
  docId: number | null;
  docTitle: string;
  title: string;
  editor: string;
  publishedAt: string;
  /** Sanitized HTML (lib/sanitize.ts); empty in lists. */
  bodyHtml: SafeHtml;
}

const reshapeDoc = (w: WireDoc): SystemDoc => ({
  id: w.ID,
  classId: w.ClassID,
  className: w.ClassName,
  title: w.Title,
  docNo: w.DocNo,
  bodyHtml: sanitizeArticleHtml(w.Content),
  publishedAt: w.PublishTime,
});

const reshapeLog = (w: WireLog): SystemLog => ({
  id: w.ID,
  docId: w.DocID ?? null,
  docTitle: w.DocTitle ?? '',
  title: w.Title,
  editor: w.Editor,
  publishedAt: w.PublishTime,
  bodyHtml: sanitizeArticleHtml(w.Content),
});

const options = { tags: [CACHE_TAGS.system], revalidate: REVALIDATE.reference };

export function getSystemMenu(): Promise<SystemClass[]> {
  return cachedRead(
    ['system-menu'],
    async () =>
      (
        await publicRead('TW_Class/GetSystemMenu')
      ).DataList.map((w) => ({ id: w.ID, name: w.Name, description: w.Description, docCount: w.DocCount })),
    options,
  );
}

export function getSystemDocs(q: { classId?: number; page?: number; pageSize?: number } = {}): Promise<Page<SystemDoc>> {
  const fields = { ClassID: q.classId, PageIndex: q.page ?? 1, PageSize: q.pageSize ?? 20 };
  return cachedRead(
    ['system-docs', JSON.stringify(fields)],
    async () => reshapePage(await publicRead('TW_Class/GetSystemList', fields), reshapeDoc),
    options,
  );
}

export function getSystemDoc(id: number): Promise<SystemDoc | null> {
  return cachedRead(
    ['system-doc', id],
    async () => {
      const list = await publicRead('TW_Class/GetSystemList', { ID: id, PageSize: 1 });
      return list.DataList[0] ? reshapeDoc(list.DataList[0]) : null;
    },
    options,
  );
}

export function getSystemLogs(q: { page?: number; pageSize?: number } = {}): Promise<Page<SystemLog>> {
  const fields = { PageIndex: q.page ?? 1, PageSize: q.pageSize ?? 10 };
  return cachedRead(
    ['system-logs', JSON.stringify(fields)],
    async () => reshapePage(await publicRead('TW_Class/GetLogList', fields), reshapeLog),
    options,
  );
}

export function getSystemLog(id: number): Promise<SystemLog | null> {
  return cachedRead(
    ['system-log', id],
    async () => {
      try {
        return reshapeLog(await publicRead('TW_Class/GetLogListDetail', { ID: id }));
      } catch (err) {
        if (isApiError(err) && isMissing(err.errorNo)) return null;
        throw err;
      }
    },
    options,
  );
}
