import { validatePhone, validateSmsCode } from '@/lib/validation';

/**
 * The phone and SMS code of the code-verified overlays (SMS login, phone
 * check, find password), validated by SPEC §5 before any call: the clean
 * values, or each field's message.
 */
export function checkPhoneAndCode(
  phone: string,
  code: string,
): { ok: true; phone: string; code: string } | { ok: false; errors: { phone?: string; code?: string } } {
  const p = validatePhone(phone);
  const c = validateSmsCode(code);
  if (p.ok && c.ok) return { ok: true, phone: p.value, code: c.value };
  return { ok: false, errors: { phone: p.ok ? undefined : p.message, code: c.ok ? undefined : c.message } };
}
