/**
 * GET /metrics: this process's metrics in Prometheus text (lib/observability/metrics.ts), for the machine's
 * own scraper on the process port (docs/operations.md "Metrics"). nginx answers /metrics with 404 from
 * outside; a request that came through nginx (it carries the X-Real-IP nginx sets, deploy/nginx/proxy-to-next.conf)
 * gets the same here, should a proxy in front ever pass it on. (X-Forwarded-For tells nothing: Next adds its own.)
 */
import { siteMetrics } from '@/lib/observability/metrics';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  if (request.headers.has('x-real-ip')) {
    return new Response('Not Found', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  const { registry } = siteMetrics();
  return new Response(await registry.metrics(), { headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' } });
}
