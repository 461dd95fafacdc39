/**
 * What the result page offers for each constitution beyond its care text (docs/constitution.md): departments,
 * the doctors whose 擅长 fits with a link that books, and the site's articles. Built on the server by the
 * page (app/(care)/_lib/constitution-guides.ts) from public, cached data; a type only, so the client form
 * imports it too.
 */
import type { ConstitutionType } from '@/lib/constitution/items';

export interface GuideDoctor {
  name: string;
  title: string;
  department: string;
  clinicName: string;
  /** The doctor's page. */
  href: string;
  /** Booking the next open slot (a plain link through the /booking guard), or the doctor's schedule. */
  bookHref: string;
  /** 11-28 上午, when a slot is open in the next 14 days. */
  nextOpen: string;
  /** The 擅长 entries that made the match. */
  fits: string[];
}

export interface TypeGuide {
  departments: { name: string; href: string }[];
  doctors: GuideDoctor[];
  articles: { title: string; href: string }[];
}

export type ConstitutionGuides = Record<ConstitutionType, TypeGuide>;
