/**
 * The embedded backend over HTTP at /api/... (docs/api.md), so that
 * `curl -X POST localhost:3000/api/News/GetNewList -d 'type=1'` works. When
 * API_BASE_URL points at the group's host, this route does not exist.
 */
import { getBackend } from '@/lib/backend/router';

const notServed = () =>
  Response.json({ ErrorNo: 404, ErrorInfo: '接口不存在', Result: null }, { status: 404 });

async function handle(request: Request): Promise<Response> {
  if (process.env.API_BASE_URL) return notServed();
  return getBackend().handle(request);
}

export { handle as POST, handle as GET };
