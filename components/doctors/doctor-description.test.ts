import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDoctor, type Doctor } from '@/lib/api/doctors';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { doctorDescription } from './doctor-description';

/** A doctor's description names the doctor once (its lead), whatever the bio begins with. */
const count = (text: string, word: string) => text.split(word).length - 1;

describe('doctorDescription', () => {
  const doctor = {
    name: '李建国',
    title: '主任医师',
    department: '中医内科',
    clinicName: '圣爱中医馆（昆明总院）',
    specialties: ['慢性胃炎', '失眠'],
    introduction: '李建国，主任医师，从事中医内科临床工作30年。擅长慢性胃炎、失眠的中医诊治。',
  } as Doctor;

  it('drops the name a bio begins with, and does not say the 擅长 twice', () => {
    const text = doctorDescription(doctor, `${doctor.name}，${doctor.clinicName}${doctor.department}${doctor.title}`);
    expect(count(text, '李建国')).toBe(1);
    expect(count(text, '慢性胃炎')).toBe(1);
    expect(text.startsWith('李建国，圣爱中医馆（昆明总院）中医内科主任医师。主任医师，从事')).toBe(true);
  });

  it('adds what the doctor treats when the bio does not say it', () => {
    const text = doctorDescription({ ...doctor, introduction: '从医三十年。' }, '李建国主任医师在线图文问诊');
    expect(text).toBe('李建国主任医师在线图文问诊。擅长慢性胃炎、失眠。从医三十年。');
  });
});

describe('seeded doctors', () => {
  let env: TestBackend;
  beforeAll(() => {
    env = installTestBackend();
  });
  afterAll(() => env.close());

  it('every one of the first doctors is named once in their page description', async () => {
    for (let n = 1; n <= 24; n++) {
      const d = (await getDoctor(`D${100000 + n}`))!;
      expect(count(doctorDescription(d, `${d.name}，${d.clinicName}${d.department}${d.title}`), d.name), d.name).toBe(1);
      expect(count(d.introduction, d.name), `${d.name}'s bio`).toBe(0);
    }
  });
});
