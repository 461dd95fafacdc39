/**
 * Reads the embedded backend over HTTP (/api/...) so the content journeys
 * find seeded ids and names the way the site does, without hard-coding them.
 */
import { expect, type APIRequestContext } from '@playwright/test';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

export async function apiResult(request: APIRequestContext, path: string, form: Record<string, string | number> = {}): Promise<Row> {
  const response = await request.post(`/api/${path}`, { form: Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])) });
  expect(response.ok()).toBe(true);
  const body = await response.json();
  expect(body.ErrorNo, `${path}: ${body.ErrorInfo}`).toBe(1);
  return body.Result;
}

export async function apiList(request: APIRequestContext, path: string, form: Record<string, string | number> = {}): Promise<Row[]> {
  return (await apiResult(request, path, form)).DataList as Row[];
}

/** Every row of a paged list endpoint. */
export async function apiAll(request: APIRequestContext, path: string, form: Record<string, string | number> = {}, pageSize = 100): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page < 1000; page++) {
    const result = await apiResult(request, path, { ...form, PageIndex: page, PageSize: pageSize });
    rows.push(...result.DataList);
    if (rows.length >= result.TotalCount || result.DataList.length === 0) break;
  }
  return rows;
}

/** The first news item of a type. */
export async function firstNews(request: APIRequestContext, type: number): Promise<Row> {
  const [item] = await apiList(request, 'News/GetNewList', { type, PageSize: 1 });
  expect(item, `a seeded news item of type ${type}`).toBeTruthy();
  return item!;
}

/** The text of an HTML page without tags, for "first HTML holds the content" checks. */
export function htmlText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}
