'use server';
/**
 * The favourite toggle's server action (SPEC §2: AddOrgCollection / CannelCollection), through the gate
 * (lib/actions/define-action.ts). A visitor gets 请先登录 with `sessionExpired`; a write is never retried
 * (ARCHITECTURE).
 */
import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { addFavourite, cancelFavourite } from '@/lib/api/collections';

const input = z.strictObject({
  kind: z.enum(['clinic', 'doctor']),
  code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  collect: z.boolean(),
});

export const toggleFavourite = defineAction(
  input,
  async ({ kind, code, collect }, { client }) => {
    const c = await client();
    const r = collect ? await addFavourite(c, kind, code) : await cancelFavourite(c, kind, code);
    return { ok: true, collected: r.collected, count: r.count };
  },
  { member: true, invalid: '收藏参数不正确' },
);
