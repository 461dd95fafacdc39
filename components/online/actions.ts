'use server';
/** Online status for the browser's poll (issue 4: DoctorIsOnline kept fresh). */
import { z } from 'zod';
import { getOnlineStatus, type OnlineStatus } from '@/lib/api/online';
import { requestIsSameOrigin } from '@/lib/session/origin';

const ids = z.array(z.number().int().positive()).max(100);

export async function fetchOnlineStatus(raw: unknown): Promise<OnlineStatus[]> {
  // Every action checks Origin itself (docs/security.md): none, or another site's, is refused.
  if (!(await requestIsSameOrigin())) return [];
  const parsed = ids.safeParse(raw);
  if (!parsed.success) return [];
  try {
    return await getOnlineStatus(parsed.data);
  } catch {
    return [];
  }
}
