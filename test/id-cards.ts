/**
 * Valid Chinese ID cards for tests (SPEC §5: 18 digits with the GB 11643 check character), one per number
 * `n`: a Kunming area code, a birthday in the 1980s and a sequence from `n`, so each is distinct.
 */
import { idCardCheckChar } from '@/lib/validation';

export function idCardFor(n: number, { sex = 1 }: { sex?: 0 | 1 } = {}): string {
  const birthday = `198${n % 10}${String((n % 12) + 1).padStart(2, '0')}${String((n % 28) + 1).padStart(2, '0')}`;
  // The sequence's last digit is the sex digit (odd: male).
  const seq = String(Math.floor(n / 10) % 100).padStart(2, '0') + String(sex === 1 ? 1 + 2 * (n % 5) : 2 * (n % 5));
  const first17 = `530102${birthday}${seq}`;
  return first17 + idCardCheckChar(first17);
}

/** The same number with a wrong check character. */
export function wrongIdCard(n: number): string {
  const good = idCardFor(n);
  return good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
}
