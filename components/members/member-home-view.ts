/**
 * What /userIndex shows of the member (SPEC §2 member services), as GET /session/member-home answers it: only the
 * fields the page shows, the phone already masked, so no more of the member reaches the browser than the page
 * prints (wrapped in components/ui/member-read.ts).
 */
export interface MemberCardView {
  name: string;
  /** Masked on the server (lib/format maskPhone). */
  phoneMasked: string;
  cardNo: string;
  levelName: string;
  points: number;
  /** yyyy-mm-dd, or ''. */
  memberSince: string;
}

export interface FavouriteClinicView {
  code: string;
  name: string;
  address: string;
}

export interface FavouriteDoctorView {
  appointmentCode: string;
  name: string;
  title: string;
  clinicName: string;
}

export interface MemberHomeView {
  member: MemberCardView;
  clinics: FavouriteClinicView[];
  doctors: FavouriteDoctorView[];
}
