/**
 * Input readers for handlers: every bad input becomes a BackendError with a
 * clear Chinese ErrorInfo (docs/api.md: never a throw, a crash or a 500).
 */
import { BackendError, ErrorNo, type Fields } from './types';
import type { WireList } from '@/lib/contract';

/** Default upper bound of a text field, in characters. */
export const MAX_FIELD_CHARS = 2000;

function bad(message: string): never {
  throw new BackendError(ErrorNo.BAD_INPUT, message);
}

/** A field's name: any for plain Fields, one of the endpoint table's for a handler's own (RequestFields). */
export type FieldName<F extends Fields> = keyof F & string;

/**
 * The fields of an endpoint handed to a reader that several endpoints share, which reads the names `K`: where the
 * endpoint's table entry (lib/contract/endpoints.ts) lacks one of them, the call fails tsc and names what is
 * missing, so a field renamed in the table is a compile error in the shared readers too.
 */
export type Sending<F, K extends string> = F &
  ([Exclude<K, keyof F>] extends [never] ? unknown : { readonly fieldsMissingFromTheTable: Exclude<K, keyof F> });

export function optionalString<F extends Fields>(fields: F, name: FieldName<F>, label: string = name, max = MAX_FIELD_CHARS): string {
  const value: string | undefined = fields[name];
  if (value === undefined) return '';
  if (value.length > max) bad(`${label}过长，最多${max}个字符`);
  return value.trim();
}

export function requiredString<F extends Fields>(fields: F, name: FieldName<F>, label: string = name, max = MAX_FIELD_CHARS): string {
  const value = optionalString(fields, name, label, max);
  if (!value) bad(`缺少${label}`);
  return value;
}

export function optionalInt<F extends Fields>(
  fields: F,
  name: FieldName<F>,
  label: string = name,
  { min = -2147483648, max = 2147483647 }: { min?: number; max?: number } = {},
): number | undefined {
  const raw = optionalString(fields, name, label, 32);
  if (raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) bad(`${label}应为整数`);
  const n = Number(raw);
  if (n < min || n > max) bad(`${label}超出范围（${min}-${max}）`);
  return n;
}

export function requiredInt<F extends Fields>(
  fields: F,
  name: FieldName<F>,
  label: string = name,
  range?: { min?: number; max?: number },
): number {
  const n = optionalInt(fields, name, label, range);
  if (n === undefined) bad(`缺少${label}`);
  return n;
}

/** One of the allowed wire values, or '' when absent. */
export function optionalEnum<T extends string, F extends Fields = Fields>(fields: F, name: FieldName<F>, allowed: readonly T[], label: string = name): T | '' {
  const raw = optionalString(fields, name, label, 64);
  if (raw === '') return '';
  if (!(allowed as readonly string[]).includes(raw)) bad(`${label}取值无效`);
  return raw as T;
}

export interface Paging {
  pageIndex: number;
  pageSize: number;
  offset: number;
}

/** The fields paging reads: a handler's fields must name them (the endpoint table's Paged), else tsc fails. */
type PagingFields = Readonly<{ PageIndex?: string; PageSize?: string }>;

/** PageIndex (from 1) and PageSize (1..maxSize); lists page in SQL with LIMIT/OFFSET. */
export function paging(fields: PagingFields, { defaultSize = 10, maxSize = 100 } = {}): Paging {
  const pageIndex = optionalInt(fields, 'PageIndex', '页码', { min: 1, max: 100000 }) ?? 1;
  const pageSize = optionalInt(fields, 'PageSize', '每页条数', { min: 1, max: maxSize }) ?? defaultSize;
  return { pageIndex, pageSize, offset: (pageIndex - 1) * pageSize };
}

/** The usual list Result: the page's rows and the total count. */
export function listResult<T>(rows: T[], total: number, page: Paging): WireList<T> {
  return { DataList: rows, TotalCount: total, PageIndex: page.pageIndex, PageSize: page.pageSize };
}
