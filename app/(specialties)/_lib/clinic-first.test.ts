import { describe, expect, it } from 'vitest';
import { clinicFirst, placeLabel } from './clinic-first';

const doctor = (code: string, clinicCode: string, city: string) => ({ appointmentCode: code, clinicCode, city });

describe('an illness page of a clinic', () => {
  const own = [doctor('C1', 'SA1202', '成都'), doctor('C2', 'SA1202', '成都')];
  const all = [doctor('K1', 'SA0101', '昆明'), doctor('C1', 'SA1202', '成都'), doctor('K2', 'SA0102', '昆明'), doctor('K3', 'SA0103', '昆明')];

  it('lists the clinic’s doctors first, then the others once each', () => {
    expect(clinicFirst(own, all, 4).map((d) => d.appointmentCode)).toEqual(['C1', 'C2', 'K1', 'K2']);
  });

  it('keeps every doctor of the clinic even past the page size', () => {
    expect(clinicFirst(own, all, 1).map((d) => d.appointmentCode)).toEqual(['C1', 'C2']);
    expect(clinicFirst([], all, 2).map((d) => d.appointmentCode)).toEqual(['K1', 'C1']);
  });

  it('labels each doctor with the city, and the clinic’s own as such', () => {
    expect(placeLabel(own[0]!, 'SA1202')).toBe('成都 · 本门诊');
    expect(placeLabel(all[0]!, 'SA1202')).toBe('昆明');
  });
});
