/**
 * docs/operations.md "Backups": the photos of 图文问诊 live beside the database (ask-photos.ts) and
 * `npm run db:backup` / `db:restore` carry them with it: a restored database serves the photos its questions name,
 * and the photos added after the backup go with the database as it was (kept beside it by the restore).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { photosDirOf } from './ask-photos';
import { backupDatabase, restoreDatabase } from './backup';
import { createBackend, type Backend } from './router';
import { simulatedPaymentProvider } from './payments';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';

const live = tempDbPath('ask-backup');
const open = () => createBackend({ dbPath: live, jwtSecret: TEST_SECRET, log: () => {}, paymentProvider: simulatedPaymentProvider() });

afterAll(() => fs.rmSync(path.dirname(live), { recursive: true, force: true }));

async function askWithPhoto(backend: Backend, token: string, doctorId: number): Promise<{ askNo: string; photoId: number }> {
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'green' } }).jpeg().toBuffer();
  const form = new FormData();
  const fields = { DoctorID: String(doctorId), Content: '咳嗽两周，夜间加重，痰白量多，请问如何调理？', Duration: '一个月内', SeenDoctor: '0', IsPrivate: '1', IdempotencyKey: crypto.randomUUID().replace(/-/g, '') };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.append('Photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'p.jpg');
  const r = await backend.handle(new Request('http://x/api/IM_AskQuestion/AskQuestion', { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } }));
  const body = (await r.json()) as { ErrorNo: number; ErrorInfo: string; Result: { AskNo: string; Photos: { PhotoID: number }[] } };
  expect(body.ErrorNo, body.ErrorInfo).toBe(1);
  return { askNo: body.Result.AskNo, photoId: body.Result.Photos[0]!.PhotoID };
}

describe('db:backup and db:restore with the photos of 图文问诊', () => {
  it('a restored database serves its questions’ photos; the later ones stay with the database as it was', async () => {
    let backend = open();
    const memberId = ensureMember(backend, { phone: '13500000077', vipCode: 'BKVIP1', name: '备份测试', points: 0 });
    backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(77), memberId);
    const doctorId = (backend.db.prepare('SELECT doctor_id FROM doctors WHERE consult_online = 1 AND consult_fee > 0 LIMIT 1').get() as { doctor_id: number }).doctor_id;
    let token = await memberToken(backend, memberId, 'BKVIP1');
    const first = await askWithPhoto(backend, token, doctorId);

    const backupFile = path.join(path.dirname(live), 'backups', 'site-1.db');
    const backup = await backupDatabase(live, backupFile);
    expect(backup.photos).toBe(1);
    expect(fs.readdirSync(`${backupFile}.photos`)).toEqual(fs.readdirSync(photosDirOf(live)));

    const second = await askWithPhoto(backend, token, doctorId);
    expect(fs.readdirSync(photosDirOf(live))).toHaveLength(2);
    backend.db.close();

    const restored = await restoreDatabase(backupFile, live);
    expect(restored.photos).toBe(1);
    expect(fs.readdirSync(photosDirOf(live))).toHaveLength(1);
    // The database as it was, with both photos, is kept beside it.
    expect(fs.readdirSync(`${restored.previous!}.photos`)).toHaveLength(2);

    backend = open();
    token = await memberToken(backend, memberId, 'BKVIP1');
    const photo = await call(backend, 'IM_AskQuestion/GetAskPhoto', { AskNo: first.askNo, PhotoID: String(first.photoId) }, token);
    expect(photo.ErrorNo, photo.ErrorInfo).toBe(1);
    expect((await sharp(Buffer.from(photo.Result.Data, 'base64')).metadata()).format).toBe('jpeg');
    const gone = await call(backend, 'IM_AskQuestion/GetMyAskQuestion', { AskNo: second.askNo }, token);
    expect(gone.ErrorNo).toBe(404);
    backend.db.close();
  });
});
