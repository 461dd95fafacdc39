// The proxy floor (docs/bench.md "Proxy floor"): added to the framework floor's empty app, it answers the stored
// brotli bytes of our home page from memory, as the page cache does, at PROXY_FLOOR_PATH of
// bench/stages/framework-floor.mjs only; the app's trivial page `/` stays outside the matcher.
import fs from 'node:fs';
import path from 'node:path';

const BODY = fs.readFileSync(path.join(process.cwd(), 'stored-page.br'));
const HEADERS = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', vary: 'Accept-Encoding', 'cache-control': 'private, no-store' };

export function proxy() {
  return new Response(BODY, { headers: HEADERS });
}

export const config = { matcher: ['/stored-page'] };
