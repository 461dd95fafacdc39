import 'server-only';
/** SYS_Agreement (SPEC §7 GetSigin, GetList): the rules and agreements, public and cached. */
import { REVALIDATE, CACHE_TAGS, cachedRead } from './cache';
import { isApiError } from './errors';
import { publicRead } from './public';
import { isMissing, type WireAgreement } from '@/lib/contract';

export interface AgreementSummary {
  id: number;
  code: string;
  title: string;
  summary: string;
  updatedAt: string;
}

export interface Agreement extends AgreementSummary {
  /** HTML from the API; sanitize before rendering. */
  contentHtml: string;
}

const reshape = (a: WireAgreement): AgreementSummary => ({
  id: a.AgreementID,
  code: a.Code,
  title: a.Title,
  summary: a.Summary,
  updatedAt: a.UpdateTime,
});

export function getAgreements(): Promise<AgreementSummary[]> {
  return cachedRead(
    ['agreements'],
    async () => (await publicRead('SYS_Agreement/GetList')).DataList.map(reshape),
    { tags: [CACHE_TAGS.agreements], revalidate: REVALIDATE.reference },
  );
}

/** One agreement by id, or by code ('register' is the registration agreement); null when unknown. */
export function getAgreement(by: { id: number } | { code: string }): Promise<Agreement | null> {
  const fields = 'id' in by ? { ID: by.id } : { Code: by.code };
  return cachedRead(
    ['agreement', JSON.stringify(fields)],
    async () => {
      try {
        const a = await publicRead('SYS_Agreement/GetSigin', fields);
        return { ...reshape(a), contentHtml: a.Content ?? '' };
      } catch (err) {
        if (isApiError(err) && isMissing(err.errorNo)) return null;
        throw err;
      }
    },
    { tags: [CACHE_TAGS.agreements], revalidate: REVALIDATE.reference },
  );
}
