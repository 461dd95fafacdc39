import 'server-only';
/**
 * 就诊人 (docs/api.md "HIS_Register patients"): the people a member books for, with a real name and an ID
 * card (real-name registration). Member data: never cached. Add, edit and remove are writes, sent once and
 * never retried.
 */
import type { AuthedClient } from './types';
import { proofField, type WirePatient, type WireProofSolution } from '@/lib/contract';

export interface Patient {
  /** 0: the account holder (本人). */
  id: number;
  name: string;
  relation: string;
  /** Masked by the API (first 6 and last 4 characters). */
  idCardMasked: string;
  phone: string;
  /** SPEC §5: 1 male, 0 female, null unknown. */
  sex: 0 | 1 | null;
  birthday: string;
  age: number | null;
  isSelf: boolean;
  /** False while a booking for them is still to come. */
  canRemove: boolean;
}

export interface PatientList {
  patients: Patient[];
  /** How many 就诊人 an account may have, the holder included. */
  max: number;
  /** Whether the holder's own ID card is on file (then they are 本人 in the list). */
  selfIdCardOnFile: boolean;
}

function reshape(w: WirePatient): Patient {
  return {
    id: w.PatientID,
    name: w.Name,
    relation: w.Relation,
    idCardMasked: w.IDCard,
    phone: w.Phone,
    sex: w.Sex === 0 || w.Sex === 1 ? w.Sex : null,
    birthday: w.Birthday,
    age: w.Age >= 0 ? w.Age : null,
    isSelf: w.IsSelf === 1,
    canRemove: w.CanRemove === 1,
  };
}

export async function getPatients(client: AuthedClient): Promise<PatientList> {
  const r = await client.post('HIS_Register/GetPatientList');
  return { patients: r.DataList.map(reshape), max: r.MaxCount, selfIdCardOnFile: r.SelfIDCardOnFile === 1 };
}

export interface PatientInput {
  name: string;
  relation: string;
  /** Absent when editing keeps the stored number. */
  idCard?: string;
  phone: string;
  /** The code sent to the person's phone when another account has them (their consent), once asked for. */
  consentCode?: string;
  /** The numeric image code, when the consent code's send asked for it (`Result.NeedImgCode`, SPEC §4). */
  image?: { key: string; code: string };
  /** A solved proof of work, when that send was answered with a challenge (docs/security.md "The slower path"). */
  proof?: WireProofSolution;
}

export async function addPatient(client: AuthedClient, input: PatientInput & { idCard: string }): Promise<Patient> {
  return reshape(
    await client.post(
      'HIS_Register/AddPatient',
      { Name: input.name, Relation: input.relation, IDCard: input.idCard, Phone: input.phone, ConsentCode: input.consentCode, ImgKey: input.image?.key, ImgCode: input.image?.code, ...proofField(input.proof) },
      { write: true },
    ),
  );
}

export async function updatePatient(client: AuthedClient, id: number, input: PatientInput): Promise<Patient> {
  return reshape(
    await client.post(
      'HIS_Register/UpdatePatient',
      { PatientID: id, Name: input.name, Relation: input.relation, IDCard: input.idCard, Phone: input.phone, ConsentCode: input.consentCode, ImgKey: input.image?.key, ImgCode: input.image?.code, ...proofField(input.proof) },
      { write: true },
    ),
  );
}

export async function removePatient(client: AuthedClient, id: number): Promise<void> {
  await client.post('HIS_Register/DeletePatient', { PatientID: id }, { write: true });
}
