/**
 * An illness page of a clinic lists that clinic's doctors first, then the group's others (docs/doctor-finder.md
 * "Illness pages"): 失眠 at 圣爱中医馆（成都武侯店） shows its Chengdu doctors before the Kunming ones, each
 * labelled with the city.
 */
export interface PlacedDoctor {
  appointmentCode: string;
  clinicCode: string;
  city: string;
}

/**
 * The clinic's own doctors (as its list gives them) and then every other doctor of the whole list not already
 * shown, at most `size` in all but never fewer than the clinic's own.
 */
export function clinicFirst<D extends PlacedDoctor>(own: readonly D[], all: readonly D[], size: number): D[] {
  const shown = new Set(own.map((d) => d.appointmentCode));
  const others = all.filter((d) => !shown.has(d.appointmentCode));
  return [...own, ...others].slice(0, Math.max(size, own.length));
}

/** The label beside a doctor on a clinic's illness page: the city, and 本门诊 for the clinic's own doctors. */
export function placeLabel(doctor: PlacedDoctor, clinicCode: string): string {
  return doctor.clinicCode === clinicCode ? `${doctor.city} · 本门诊` : doctor.city;
}
