import { getDoctorById } from '@/lib/api/doctors';
import { parseId, type SearchParams } from '@/lib/url-params';

/** The props of the pages under /…/[doctorId] (a doctor's questions and consultation evaluations, SPEC §2). */
export interface DoctorIdPageProps {
  params: Promise<{ doctorId: string }>;
  searchParams: Promise<SearchParams>;
}

/** The doctor of the [doctorId] segment, or null when the id is malformed or unknown (the page then 404s). */
export async function loadDoctor(params: DoctorIdPageProps['params']) {
  const id = parseId((await params).doctorId);
  return id ? getDoctorById(id) : null;
}
