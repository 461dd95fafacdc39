/**
 * The photos of a question (舌象, reports; docs/api.md "IM_AskQuestion: asking a doctor", docs/security.md
 * "Uploads"). A photo is what a patient shows one doctor, often with the phone's GPS in its EXIF, so:
 * - its type is sniffed from its first bytes (JPEG, PNG or WebP), never taken from its name or header;
 * - it is decoded and re-encoded with sharp, which writes no metadata block (EXIF, GPS, XMP, ICC, comments)
 *   unless asked to: the stored file holds pixels only, turned upright by its EXIF orientation first;
 * - it is resized to fit PHOTO_MAX_SIDE, which a tongue photo or a report page still reads at;
 * - it is stored beside the database (DATABASE_PATH + `.photos/`), never under public/, and served only
 *   through IM_AskQuestion/GetAskPhoto to the member who asked (and through the API host to the doctor).
 * A photo that fails any step is refused before anything is stored or charged (ask.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_LIMITS } from '@/lib/validation/ask-rules';
import { BackendError, ErrorNo } from './errors';

/** Photos one question may carry, bytes of one as sent, the longest side kept (one table: lib/validation/ask-rules.ts). */
export const PHOTO_MAX_COUNT = PHOTO_LIMITS.maxCount;
export const PHOTO_MAX_BYTES = PHOTO_LIMITS.maxBytes;
export const PHOTO_MAX_SIDE = PHOTO_LIMITS.maxSide;
/** Pixels a sent photo may have before it is decoded at all (a small file may claim a huge canvas). */
const PHOTO_MAX_INPUT_PIXELS = 50_000_000;

export type PhotoType = 'jpeg' | 'png' | 'webp';

export const PHOTO_CONTENT_TYPES: Record<PhotoType, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The type the bytes say they are, by their magic numbers only. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface CleanPhoto {
  type: PhotoType;
  bytes: Buffer;
  width: number;
  height: number;
  /** Bytes as sent (the daily allowance counts these). */
  sentBytes: number;
}

function refusePhoto(index: number, why: string): never {
  throw new BackendError(ErrorNo.BAD_INPUT, `第${index + 1}张图片${why}`, { Reason: 'BAD_PHOTO', Photo: index + 1 });
}

/**
 * One sent photo made safe to keep: checked, decoded and re-encoded without metadata, or a clear refusal
 * naming the photo (第2张图片…). `index` is its place among the question's photos.
 */
export async function cleanPhoto(bytes: Buffer, index: number): Promise<CleanPhoto> {
  if (bytes.length === 0) refusePhoto(index, '是空文件，请重新选择');
  if (bytes.length > PHOTO_MAX_BYTES) refusePhoto(index, `超过${PHOTO_MAX_BYTES / 1024 / 1024}MB，请压缩后再上传`);
  const type = sniffPhotoType(bytes);
  if (!type) refusePhoto(index, '不是JPEG、PNG或WebP格式的图片，请上传照片或截图');
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: PHOTO_MAX_INPUT_PIXELS, animated: false });
    const meta = await image.metadata();
    // The decoder must agree with the magic numbers: a JPEG header on something else is refused.
    if (meta.format !== type) refusePhoto(index, '已损坏或格式不正确，请重新选择');
    const pipeline = image
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'png' ? pipeline.png({ compressionLevel: 9 }) : type === 'webp' ? pipeline.webp({ quality: 82 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { type, bytes: data, width: info.width, height: info.height, sentBytes: bytes.length };
  } catch (err) {
    if (err instanceof BackendError) throw err;
    refusePhoto(index, '已损坏或无法识别，请重新选择');
  }
}

/** Where a database's photos live: beside it (`site.db.photos/`); a throwaway database's in the temp folder. */
export function photosDirOf(dbPath: string): string {
  if (dbPath === ':memory:') return path.join(os.tmpdir(), `shengai-photos-memory-${process.pid}`);
  return `${dbPath}.photos`;
}

/** A stored photo's file name: random, so it tells nothing and cannot be guessed. */
export function newPhotoFile(type: PhotoType): string {
  return `${crypto.randomBytes(16).toString('hex')}.${type === 'jpeg' ? 'jpg' : type}`;
}

const FILE_RE = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export function writePhoto(dir: string, file: string, bytes: Buffer): void {
  if (!FILE_RE.test(file)) throw new Error(`bad photo file name ${file}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dir, file), bytes, { mode: 0o600, flag: 'wx' });
}

export function readPhoto(dir: string, file: string): Buffer | null {
  if (!FILE_RE.test(file)) return null;
  try {
    return fs.readFileSync(path.join(dir, file));
  } catch {
    return null;
  }
}

export function removePhoto(dir: string, file: string): void {
  if (FILE_RE.test(file)) fs.rmSync(path.join(dir, file), { force: true });
}

/** The photos folder's files and bytes (/metrics, docs/operations.md "Disk"). */
export function photosDiskUse(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return { files, bytes };
  }
  for (const name of names) {
    if (!FILE_RE.test(name)) continue;
    files += 1;
    bytes += fs.statSync(path.join(dir, name)).size;
  }
  return { files, bytes };
}
