import type { Seeder } from '../types';

export const seedCore: Seeder = () => {};
