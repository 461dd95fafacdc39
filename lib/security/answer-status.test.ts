/** A server action's answer can be 429 with Retry-After (docs/security.md "Per client, per phone, then the site"). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerTooManyRequests, installAnswerStatus } from './answer-status';

let server: http.Server;
let port = 0;

beforeAll(async () => {
  installAnswerStatus();
  // Answers the way Next answers an action: status and headers set, the head written with the first bytes,
  // after work that awaits (the refusal is asked for deep inside that work).
  server = http.createServer(async (req, res) => {
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    if (req.url === '/refused') answerTooManyRequests(42);
    if (req.url === '/redirect') {
      answerTooManyRequests(42);
      res.writeHead(303, { location: '/' });
      return res.end();
    }
    res.statusCode = 200;
    res.setHeader('content-type', 'text/x-component');
    res.end('0:{"a":"$@1"}\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' });

describe('answerTooManyRequests', () => {
  it('turns the request\'s 200 into 429 with Retry-After, body and type unchanged', async () => {
    const res = await get('/refused');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expect(res.headers.get('content-type')).toBe('text/x-component');
    expect(await res.text()).toBe('0:{"a":"$@1"}\n');
  });

  it('belongs to its own request: concurrent others stay 200, a redirect keeps its status', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(i % 2 ? '/refused' : '/ok')));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 429 : 200)));
    expect(answers.filter((r) => r.status === 200).every((r) => r.headers.get('retry-after') === null)).toBe(true);
    expect((await get('/redirect')).status).toBe(303);
  });

  it('outside a request it does nothing', () => {
    expect(answerTooManyRequests(5)).toBe(false);
  });
});
