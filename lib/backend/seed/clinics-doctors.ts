import type { Seeder } from '../types';

export const seedClinicsDoctors: Seeder = () => {};
