import 'server-only';
import { isRegistrationStatus, type RegistrationStatus } from '@/lib/api/registrations';
import { parsePage, single, type SearchParams } from '@/lib/url-params';

/**
 * The list state of /dRecord/registration from its URL (SPEC §2): the page (1 when absent) and the status filter
 * ('' for 全部), or null for a malformed one (the page answers 404, its read 400). One rule for the page's kept
 * shell and its read (app/session/registrations).
 */
export function parseRegistrationListQuery(params: SearchParams): { page: number; status: RegistrationStatus | '' } | null {
  const page = parsePage(params.page, 999_999);
  const raw = single(params.status, 20);
  const status = raw === undefined || raw === '' ? '' : raw && isRegistrationStatus(raw) ? raw : null;
  return page === null || status === null ? null : { page, status };
}
