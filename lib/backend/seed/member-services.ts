import type { Seeder } from '../types';

export const seedMemberServices: Seeder = () => {};
