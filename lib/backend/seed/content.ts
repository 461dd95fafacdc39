import type { Seeder } from '../types';

export const seedContent: Seeder = () => {};
