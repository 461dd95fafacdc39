/**
 * Small readers shared by the content handlers (news, system, hot words,
 * site info): a whole short list in the list shape, an ID field, and a LIKE
 * pattern with its wildcards escaped.
 */
import { optionalInt, type FieldName } from '../fields';
import { BackendError, ErrorNo, type Fields } from '../types';

/** A short, unpaged list in the usual list shape (one page holding every row). */
export function wholeList<T>(rows: T[]) {
  return { DataList: rows, TotalCount: rows.length, PageIndex: 1, PageSize: rows.length };
}

export function requiredId<F extends Fields>(fields: F, name: FieldName<F>, label = '编号'): number {
  const id = optionalInt(fields, name, label, { min: 1 });
  if (id === undefined) throw new BackendError(ErrorNo.BAD_INPUT, `缺少${label}`);
  return id;
}

/** `%keyword%` for `LIKE ? ESCAPE '\\'`, so that % and _ typed by a visitor are literal. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function notFound(message: string): never {
  throw new BackendError(ErrorNo.NOT_FOUND, message);
}
