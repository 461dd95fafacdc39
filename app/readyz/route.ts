/**
 * GET /readyz: 200 when this process can serve, 503 with the reason otherwise (lib/operations/readiness.ts,
 * docs/operations.md "Health"). The rolling restart waits for it before it stops the next process.
 */
import { readiness } from '@/lib/operations/readiness';

export const dynamic = 'force-dynamic';

export async function GET() {
  const { ready, checks } = await readiness();
  const reason = Object.entries(checks)
    .filter(([, verdict]) => verdict !== 'ok')
    .map(([name, verdict]) => `${name}: ${verdict}`)
    .join('; ');
  return Response.json(ready ? { status: 'ready', checks } : { status: 'not ready', reason, checks }, {
    status: ready ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
