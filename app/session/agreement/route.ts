/**
 * GET /session/agreement: the registration agreement (SYS_Agreement GetSigin),
 * sanitized on the server, for the register dialog (React Query key
 * `registerAgreement`). The same text for everyone.
 */
import { getAgreement } from '@/lib/api/agreements';
import { sanitizeArticleHtml } from '@/lib/sanitize';

export const dynamic = 'force-dynamic';

const UNAVAILABLE = '会员服务协议暂时无法加载，请稍后再试';

export async function GET() {
  try {
    const agreement = await getAgreement({ code: 'register' });
    if (!agreement) return Response.json({ ok: false, message: UNAVAILABLE }, { headers: { 'cache-control': 'no-store' } });
    return Response.json(
      { ok: true, title: agreement.title, html: sanitizeArticleHtml(agreement.contentHtml) },
      { headers: { 'cache-control': 'public, max-age=3600' } },
    );
  } catch {
    return Response.json({ ok: false, message: UNAVAILABLE }, { headers: { 'cache-control': 'no-store' } });
  }
}
