/**
 * GET /metrics: this process's metrics in Prometheus text (lib/observability/metrics.ts), for the machine's
 * own scraper on the process port (docs/operations.md "Metrics"). nginx answers /metrics with 404 from
 * outside; a request that came through a proxy (it carries X-Forwarded-For or X-Real-IP) gets the same here,
 * should a proxy in front ever pass it on.
 */
import { siteMetrics } from '@/lib/observability/metrics';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  if (request.headers.has('x-forwarded-for') || request.headers.has('x-real-ip')) {
    return new Response('Not Found', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  const { registry } = siteMetrics();
  return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' } });
}
