/**
 * GET /healthz: the process is up and answers (docs/operations.md "Health"). Nothing else is checked: a
 * process whose database or API host is gone is alive, and /readyz says whether it can serve.
 */
import { isDraining } from '@/lib/observability/hook-state';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: 'up', draining: isDraining() }, { headers: { 'cache-control': 'no-store' } });
}
