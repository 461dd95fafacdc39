/**
 * GET /session/patients: the member's part of /dRecord/patients (a kept shell, app/session/_lib/member-read.ts): their
 * 就诊人, how many an account may have, and whether their own ID card is on file (docs/api.md "HIS_Register
 * patients"). Private, never stored, never a token.
 */
import { getPatients, type PatientList } from '@/lib/api/patients';
import { answerMemberRead } from '../_lib/member-read';

export const dynamic = 'force-dynamic';

export function GET() {
  return answerMemberRead<PatientList>(getPatients);
}
