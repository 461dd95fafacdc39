/**
 * Demo content, seeded once into a fresh database in this order (db.ts).
 * Believable content for a TCM group in Yunnan; no real people's data.
 */
import type { Seeder } from '../types';
import { seedCore } from './core';
import { seedClinicsDoctors } from './clinics-doctors';
import { seedContent } from './content';
import { seedMemberServices } from './member-services';
import { seedBooking } from './booking';
import { seedPriceList } from './price-list';

export const seeders: Seeder[] = [seedClinicsDoctors, seedContent, seedCore, seedMemberServices, seedBooking, seedPriceList];
