#!/usr/bin/env node
/**
 * Generates the local demo images of the online services (docs/content.md: nothing
 * hot-linked): SVG doctor portraits with the surname as initial, clinic
 * facade illustrations and six environment illustrations. Their text is drawn as outlines
 * (scripts/svg-text.mjs): an image with a text element costs the browser a font lookup and layout of its own.
 * Run: npx tsx scripts/generate-clinic-images.mjs (idempotent; output is committed).
 * Doctor names and clinics come from the seed's data, so the initials and labels match the site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CLINICS as CATALOGUE, doctorName } from '../lib/backend/seed/clinics-doctors-data.ts';
import { STAFFING } from '../lib/backend/seed/staffing.ts';
import { textPath } from './svg-text.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const doctorsDir = path.join(root, 'public/images/doctors');
const clinicsDir = path.join(root, 'public/images/clinics');
fs.mkdirSync(doctorsDir, { recursive: true });
fs.mkdirSync(clinicsDir, { recursive: true });

// seed/clinics-doctors.ts DEMO_DOCTOR_COUNT: every seat of the staffing plan (seed/staffing.ts).
const DOCTOR_COUNT = STAFFING.length;
const PALETTE = [
  ['#862f23', '#f5e1dc'],
  ['#256249', '#eef7f3'],
  ['#6b261d', '#fbf3f1'],
  ['#2f7a5d', '#e3f1ea'],
  ['#7a5a1e', '#f8efdc'],
];

function portrait(initial, [dark, light]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 300" width="240" height="300" role="img" aria-label="医生头像">
  <rect width="240" height="300" fill="${light}"/>
  <circle cx="120" cy="112" r="56" fill="#f2d7c6"/>
  <path d="M64 104c0-40 28-62 56-62s56 22 56 62c-10-18-30-26-56-26s-46 8-56 26z" fill="#3b2a24"/>
  <path d="M28 300c0-62 40-98 92-98s92 36 92 98z" fill="#ffffff"/>
  <path d="M120 202l-22 8 22 58 22-58z" fill="${dark}" opacity="0.9"/>
  <rect x="150" y="236" width="34" height="8" rx="4" fill="${dark}" opacity="0.6"/>
  <circle cx="196" cy="52" r="30" fill="${dark}"/>
  ${textPath(initial, { x: 196, y: 63, size: 30, fill: '#fff' })}
</svg>
`;
}

// Portraits of doctors the plan no longer has are removed, so public/ holds only what the site shows.
for (const file of fs.readdirSync(doctorsDir)) {
  const n = /^D(\d{6})\.svg$/.exec(file)?.[1];
  if (n && Number(n) - 100000 > DOCTOR_COUNT) fs.rmSync(path.join(doctorsDir, file));
}
for (let n = 1; n <= DOCTOR_COUNT; n++) {
  const initial = doctorName(n)[0];
  fs.writeFileSync(path.join(doctorsDir, `D${100000 + n}.svg`), portrait(initial, PALETTE[n % PALETTE.length]));
}
fs.writeFileSync(path.join(doctorsDir, 'default.svg'), portrait('医', PALETTE[0]));

const CLINICS = CATALOGUE.map((c) => [c.code, /（(.+?)）/.exec(c.name)?.[1] ?? c.name]);

function facade(label, i) {
  const sky = ['#e8f1ee', '#f6ece4', '#eef0f6'][i % 3];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img" aria-label="圣爱中医${label}外景">
  <rect width="640" height="400" fill="${sky}"/>
  <circle cx="540" cy="80" r="38" fill="#d9a441" opacity="0.55"/>
  <path d="M0 300 Q160 250 320 290 T640 280 V400 H0z" fill="#2f7a5d" opacity="0.25"/>
  <rect x="120" y="150" width="400" height="190" fill="#fbf7f2" stroke="#6b261d" stroke-width="4"/>
  <path d="M96 156 L320 76 L544 156 Z" fill="#862f23"/>
  <path d="M86 160 H554" stroke="#4f1c16" stroke-width="10" stroke-linecap="round"/>
  <rect x="220" y="170" width="200" height="46" rx="4" fill="#862f23"/>
  ${textPath('圣爱中医', { x: 320, y: 202, size: 24, fill: '#fff' })}
  <rect x="280" y="250" width="80" height="90" fill="#6b261d"/>
  <rect x="150" y="240" width="90" height="60" fill="#cfe3da" stroke="#6b261d" stroke-width="3"/>
  <rect x="400" y="240" width="90" height="60" fill="#cfe3da" stroke="#6b261d" stroke-width="3"/>
  <circle cx="108" cy="320" r="26" fill="#256249"/><rect x="104" y="330" width="8" height="30" fill="#4f3a2a"/>
  <circle cx="536" cy="320" r="26" fill="#256249"/><rect x="532" y="330" width="8" height="30" fill="#4f3a2a"/>
  ${textPath(label, { x: 320, y: 384, size: 20, fill: '#4f1c16' })}
</svg>
`;
}
CLINICS.forEach(([code, label], i) => fs.writeFileSync(path.join(clinicsDir, `${code}.svg`), facade(label, i)));

const scene = (title, body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img" aria-label="${title}">
  <rect width="640" height="400" fill="#fbf7f2"/>
  <rect y="300" width="640" height="100" fill="#e9dccd"/>
  ${body}
  <rect x="20" y="20" width="150" height="40" rx="20" fill="#862f23" opacity="0.9"/>
  ${textPath(title, { x: 95, y: 47, size: 20, fill: '#fff' })}
</svg>
`;
const drawers = Array.from({ length: 24 }, (_, k) => `<rect x="${80 + (k % 8) * 60}" y="${90 + Math.floor(k / 8) * 62}" width="54" height="56" fill="#a0703a" stroke="#6b4a22" stroke-width="2"/><circle cx="${107 + (k % 8) * 60}" cy="${118 + Math.floor(k / 8) * 62}" r="4" fill="#d9a441"/>`).join('');
const SCENES = {
  'env-exterior': scene('门诊外景', '<rect x="140" y="120" width="360" height="180" fill="#fff" stroke="#6b261d" stroke-width="4"/><path d="M120 124 L320 60 L520 124Z" fill="#862f23"/><rect x="285" y="210" width="70" height="90" fill="#6b261d"/>'),
  'env-lobby': scene('导诊大厅', '<rect x="200" y="220" width="240" height="80" rx="8" fill="#862f23"/><rect x="60" y="90" width="160" height="110" fill="#cfe3da"/><rect x="420" y="90" width="160" height="110" fill="#cfe3da"/><circle cx="320" cy="180" r="28" fill="#f2d7c6"/>'),
  'env-consult': scene('诊室', '<rect x="120" y="210" width="400" height="20" fill="#6b4a22"/><rect x="140" y="230" width="16" height="70" fill="#6b4a22"/><rect x="484" y="230" width="16" height="70" fill="#6b4a22"/><rect x="380" y="80" width="180" height="110" fill="#fff" stroke="#862f23" stroke-width="3"/><circle cx="220" cy="170" r="30" fill="#f2d7c6"/><rect x="196" y="200" width="48" height="10" fill="#fff"/>'),
  'env-pharmacy': scene('中药房', drawers),
  'env-therapy': scene('理疗区', '<rect x="100" y="220" width="200" height="40" rx="10" fill="#2f7a5d"/><rect x="340" y="220" width="200" height="40" rx="10" fill="#2f7a5d"/><path d="M80 90 H560" stroke="#d9a441" stroke-width="6"/><rect x="120" y="96" width="6" height="120" fill="#e9dccd"/><rect x="500" y="96" width="6" height="120" fill="#e9dccd"/>'),
  'env-decoction': scene('煎药中心', Array.from({ length: 5 }, (_, k) => `<rect x="${90 + k * 100}" y="170" width="70" height="110" rx="10" fill="#b9c4c0" stroke="#5b6662" stroke-width="3"/><path d="M${110 + k * 100} 160 q10 -30 0 -60" stroke="#c9c9c9" stroke-width="4" fill="none"/>`).join('')),
};
for (const [name, svg] of Object.entries(SCENES)) fs.writeFileSync(path.join(clinicsDir, `${name}.svg`), svg);
console.log(`wrote ${DOCTOR_COUNT + 1} portraits, ${CLINICS.length} facades, ${Object.keys(SCENES).length} scenes`);
