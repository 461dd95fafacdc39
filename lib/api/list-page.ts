import 'server-only';
/**
 * Shared reshaping of the wire's list Result ({DataList, TotalCount, PageIndex,
 * PageSize}, lib/backend/fields.ts listResult) into the app's Page<T>, and the
 * "missing or malformed id → null" rule of detail fetchers (pages then call
 * notFound(), ARCHITECTURE "Pages and caching").
 */
import { isApiError } from './errors';
import type { Page } from './types';
import { isMissing, type WireList } from '@/lib/contract';

export function reshapePage<W, T>(result: WireList<W>, reshape: (w: W) => T, requested?: { page?: number; pageSize?: number }): Page<T> {
  const items = (result.DataList ?? []).map(reshape);
  return {
    items,
    total: result.TotalCount ?? items.length,
    page: result.PageIndex ?? requested?.page ?? 1,
    pageSize: result.PageSize ?? requested?.pageSize ?? items.length,
  };
}

/**
 * The one record of an endpoint that answers one record or a list by what was asked (GetStudioMenu,
 * GeHIS_SpecialtyConfiguration, GetIM_AskQuestionDetailByDoctorCode: lib/contract/endpoints.ts); a list
 * where one record was asked for is a fault of the host, as reading a record that is not there would be.
 */
export function oneRecord<T>(result: { ReturnObject: T } | { DataList: unknown[] }): T {
  if (!('ReturnObject' in result)) throw new TypeError('the API answered a list where one record was asked for');
  return result.ReturnObject;
}

/** The list of such an endpoint (oneRecord): one record where a list was asked for is a fault of the host. */
export function listOf<T>(result: WireList<T> | { ReturnObject: unknown }): WireList<T> {
  if ('ReturnObject' in result) throw new TypeError('the API answered one record where a list was asked for');
  return result;
}

/** A detail read: null for an unknown or malformed id (lib/contract isMissing), any other error propagates. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (isApiError(err) && isMissing(err.errorNo)) return null;
    throw err;
  }
}

/** Reads every page of a list (sitemap helpers), in pages of `pageSize`, up to `max` items. */
export async function readAll<T>(readPage: (page: number) => Promise<Page<T>>, max = 50_000): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; all.length < max; page++) {
    const p = await readPage(page);
    all.push(...p.items);
    if (p.items.length === 0 || all.length >= p.total) break;
  }
  return all;
}
