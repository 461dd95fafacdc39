/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads raw wire JSON */
/**
 * The demo content does not contradict itself (docs/content.md): the figures shown are the counts
 * listed, questions, reviews and illness pages follow the doctor's department and 擅长, names are
 * plausible and unique, every clinic the news and jobs name exists, and written articles are
 * articles (no shared paragraphs, 600–1500 characters; the text under a video 250–600).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_TYPES } from '../../news-types';
import { createBackend, type Backend } from '../router';
import { CLINICS, DEPARTMENTS, GIVEN_NAMES, SURNAMES, clinicShortName } from './clinics-doctors-data';
import { QUESTION_TOPICS, REVIEW_OUTCOMES } from './doctor-words-data';
import { WRITTEN_ARTICLE_TYPES } from './articles';

let backend: Backend;

async function ok(apiPath: string, fields: Record<string, string> = {}) {
  const res = await backend.handle(new Request(`http://x/api/${apiPath}`, { method: 'POST', body: new URLSearchParams(fields) }));
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: any };
  expect(body.ErrorInfo, apiPath).toBe('成功');
  return body.Result;
}
const rows = <T>(sql: string, ...args: unknown[]) => backend.db.prepare(sql).all(...args) as T[];

beforeAll(() => {
  backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('consistency-test-secret-0123456789abcdef'), log: () => {} });
});
afterAll(() => backend.db.close());

describe('figures', () => {
  it('the clinics and doctors the home page claims are the ones the finder lists', async () => {
    const figures = (await ok('TW_User/GetUserNums')).DataList as { Key: string; Value: number }[];
    const value = (key: string) => figures.find((f) => f.Key === key)?.Value;
    const clinics = await ok('TW_Org/GetOrgList', { PageSize: '1' });
    const doctors = await ok('TW_User/GetDoctorPageList', { PageSize: '1' });
    expect(value('clinics')).toBe(clinics.TotalCount);
    expect(value('doctors')).toBe(doctors.TotalCount);
    expect(clinics.TotalCount).toBe(CLINICS.length);
    // A provincial group's size: dozens of clinics, hundreds of doctors (seed/staffing.ts).
    expect(clinics.TotalCount).toBeGreaterThanOrEqual(50);
    expect(doctors.TotalCount).toBeGreaterThanOrEqual(300);
  });

  it('the figures follow the catalogue when it changes', async () => {
    const before = (await ok('TW_User/GetUserNums')).DataList.find((f: any) => f.Key === 'clinics').Value;
    backend.db.prepare(`INSERT INTO orgs (code, name, province_id, city, address, phone, hours, lat, lng, image, intro, traffic, sale_type_id, collect_count, sort)
      VALUES ('SA9901', '圣爱中医馆（测试店）', 215, '昆明', '地址', '0871-0', '周一至周日', 25, 102, '', '', '', 1, 0, 999)`).run();
    const after = (await ok('TW_User/GetUserNums')).DataList.find((f: any) => f.Key === 'clinics').Value;
    backend.db.prepare("DELETE FROM orgs WHERE code = 'SA9901'").run();
    expect(after).toBe(before + 1);
  });
});

describe('doctors and what they answer', () => {
  const doctors = () =>
    rows<{ doctor_id: number; name: string; department: string; specialties: string; org_code: string }>(
      'SELECT doctor_id, name, department, specialties, org_code FROM doctors',
    );

  it('every illness a doctor treats has the words patients ask about it (seed/doctor-words-data.ts)', () => {
    for (const d of DEPARTMENTS) for (const s of d.specialties) expect(QUESTION_TOPICS[s], s).toBeDefined();
  });

  it('a review that names what got better sits on a doctor who treats it', () => {
    const illnessOf = new Map<string, string>();
    for (const [illness, texts] of Object.entries(REVIEW_OUTCOMES)) for (const t of texts) illnessOf.set(t, illness);
    const reviews = rows<{ content: string; specialties: string }>(
      "SELECT e.content, d.specialties FROM evaluations e JOIN doctors d ON d.doctor_id = e.doctor_id WHERE e.content <> ''",
    );
    let specific = 0;
    for (const r of reviews) {
      for (const [outcome, illness] of illnessOf) {
        if (!r.content.includes(outcome)) continue;
        specific++;
        expect(r.specialties.split(','), `${r.content} → ${illness}`).toContain(illness);
      }
    }
    expect(specific).toBeGreaterThan(1000);
  });

  it('an illness page lists doctors of its clinic who treat it', async () => {
    const illnesses = (await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { PageSize: '100' })).DataList as any[];
    expect(illnesses.length).toBeGreaterThan(20);
    for (const i of illnesses) {
      const name = i.SpecialtyName as string;
      const listed = await ok('TW_User/GetOrgDoctorList', { HospitalCode: i.HospitalCode, Keyword: name, PageSize: '4' });
      expect(listed.TotalCount, `${name} at ${i.HospitalCode}`).toBeGreaterThan(0);
      for (const d of listed.DataList) expect(String(d.GoodAt), d.DoctorName).toContain(name);
    }
  });

  it('names are a common surname and a real given name, never twice', () => {
    const all = doctors();
    expect(new Set(all.map((d) => d.name)).size).toBe(all.length);
    for (const d of all) {
      expect(SURNAMES, d.name).toContain(d.name[0]);
      expect(GIVEN_NAMES, d.name).toContain(d.name.slice(1));
    }
  });

  it('a clinic’s introduction names exactly the departments its doctors sit in', () => {
    const byClinic = new Map<string, Set<string>>();
    for (const d of doctors()) byClinic.set(d.org_code, (byClinic.get(d.org_code) ?? new Set()).add(d.department));
    const departments = DEPARTMENTS.map((d) => d.name);
    for (const c of rows<{ code: string; intro: string }>('SELECT code, intro FROM orgs')) {
      const named = departments.filter((d) => c.intro.includes(d)).sort();
      expect(named, c.code).toEqual([...(byClinic.get(c.code) ?? [])].sort());
    }
  });
});

describe('one source of truth for clinics and provinces', () => {
  const shortNames = new Set(CLINICS.map((c) => clinicShortName(c.name)));
  const cities = [...new Set(CLINICS.map((c) => c.city)), '南宁', '重庆', '楚雄', '贵阳', '成都'];
  /** "昆明北京路门诊" style names in a text: a city, up to four more characters, 门诊. */
  const clinicNamesIn = (text: string) =>
    cities.flatMap((city) => [...text.matchAll(new RegExp(`${city}[\\u4e00-\\u9fa5]{0,4}?门诊`, 'g'))].map((m) => m[0]));

  it('every clinic a news title or a job names is in the catalogue', () => {
    const texts = [
      ...rows<{ Title: string }>('SELECT Title FROM news').map((r) => r.Title),
      ...rows<{ Name: string }>('SELECT Name FROM job_companies').map((r) => r.Name),
    ];
    const named = texts.flatMap(clinicNamesIn);
    expect(named.length).toBeGreaterThan(8);
    for (const n of named) expect(shortNames, n).toContain(n);
  });

  it('every province with clinics is a province of the list, and every listed clinic is in one', async () => {
    const provinces = (await ok('TW_Org/GetProvincetList')).DataList as { ProvinceID: number; HospitalCount: number }[];
    const total = provinces.reduce((n, p) => n + p.HospitalCount, 0);
    expect(total).toBe(CLINICS.length);
  });
});

describe('articles', () => {
  const plain = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, '');

  it('no two written articles share a paragraph', () => {
    const seen = new Map<string, number>();
    const articles = rows<{ ID: number; Content: string }>(`SELECT ID, Content FROM news WHERE Type IN (${WRITTEN_ARTICLE_TYPES.join(',')})`);
    const clashes: string[] = [];
    for (const a of articles) {
      for (const m of a.Content.matchAll(/<(p|li)>([\s\S]*?)<\/\1>/g)) {
        const text = plain(m[2]!);
        if (text.length < 24) continue;
        const other = seen.get(text);
        if (other !== undefined && other !== a.ID) clashes.push(`${other} & ${a.ID}: ${text.slice(0, 30)}`);
        seen.set(text, a.ID);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('written articles are 600–1500 characters (the text under a video 250–600), health science ones end with the advice to see a doctor', () => {
    const articles = rows<{ Type: number; Title: string; Content: string }>(
      `SELECT Type, Title, Content FROM news WHERE Type IN (${WRITTEN_ARTICLE_TYPES.join(',')})`,
    );
    expect(articles.length).toBeGreaterThan(10);
    for (const a of articles) {
      const length = plain(a.Content).length;
      const [min, max] = a.Type === NEWS_TYPES.video ? [250, 600] : [600, 1500];
      expect(length, a.Title).toBeGreaterThanOrEqual(min);
      expect(length, a.Title).toBeLessThanOrEqual(max);
      if (a.Type === NEWS_TYPES.healthScience) expect(plain(a.Content), a.Title).toMatch(/就医|就诊|面诊/);
    }
  });

  it('every video has a clip and a poster of its own, shipped in public/', () => {
    const videos = rows<{ Title: string; VideoUrl: string; Image: string }>('SELECT Title, VideoUrl, Image FROM news WHERE Type = ?', NEWS_TYPES.video);
    expect(videos.length).toBeGreaterThan(3);
    expect(new Set(videos.map((v) => v.VideoUrl)).size).toBe(videos.length);
    expect(new Set(videos.map((v) => v.Image)).size).toBe(videos.length);
    for (const v of videos) {
      for (const file of [v.VideoUrl, v.Image]) expect(fs.existsSync(path.join(process.cwd(), 'public', file)), `${v.Title}: ${file}`).toBe(true);
    }
  });
});
