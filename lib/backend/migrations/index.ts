/**
 * Schema migrations, applied in this order once each (db.ts). One file per
 * area; a change to a shipped migration is a new migration, never an edit.
 */
import type { Migration } from '../types';
import { coreMigration } from './001-core';
import { clinicsDoctorsMigration } from './010-clinics-doctors';
import { doctorCountsMigration } from './011-doctor-counts';
import { doctorTermsMigration } from './012-doctor-terms';
import { contentMigration } from './020-content';
import { memberServicesMigration } from './030-member-services';
import { attackLimitsMigration } from './040-attack-limits';
import { bookingMigration } from './050-booking';
import { doctorFiltersMigration } from './060-doctor-filters';
import { doctorVersionMigration } from './061-doctor-version';
import { doctorTermsLongMigration } from './062-doctor-terms-long';
import { knownClientsMigration } from './070-known-clients';
import { hotWordApprovalMigration } from './071-hot-word-approval';
import { patientsMigration } from './090-patients';
import { appointmentsMigration } from './091-appointments';
import { visitReviewsMigration } from './092-visit-reviews';
import { scheduleSlotsMigration } from './100-schedule-slots';
import { departmentsMigration } from './101-departments';
import { priceListMigration } from './110-price-list';
import { videoDurationMigration } from './111-video-duration';
import { memberChargesMigration } from './130-member-charges';
import { patientIdsMigration } from './140-patient-ids';
import { constitutionMigration } from './180-constitution';
import { askQuestionsMigration } from './160-ask-questions';
import { smsProofSendsMigration } from './200-sms-proof-sends';

export const migrations: Migration[] = [
  coreMigration,
  clinicsDoctorsMigration,
  doctorCountsMigration,
  doctorTermsMigration,
  contentMigration,
  memberServicesMigration,
  attackLimitsMigration,
  bookingMigration,
  doctorFiltersMigration,
  doctorVersionMigration,
  doctorTermsLongMigration,
  knownClientsMigration,
  hotWordApprovalMigration,
  patientsMigration,
  appointmentsMigration,
  visitReviewsMigration,
  scheduleSlotsMigration,
  departmentsMigration,
  priceListMigration,
  videoDurationMigration,
  memberChargesMigration,
  patientIdsMigration,
  constitutionMigration,
  askQuestionsMigration,
  smsProofSendsMigration,
];
