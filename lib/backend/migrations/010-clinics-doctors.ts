import type { Migration } from '../types';

/** Tables: provinces, clinics, doctors, schedules, evaluations, questions, specialties, studios, illnesses, collections. */
export const clinicsDoctorsMigration: Migration = {
  id: '010-clinics-doctors',
  sql: ``,
};
