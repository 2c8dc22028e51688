import type { Database } from '../../db/database';
import { inverseKind } from '../people/index';
import {
  findPeopleByDocumentKeys, findRelationshipKeys, findStudentMembers, insertPeople, insertStudentMemberships,
  updateImportedPerson, upsertRelationshipPairs, type ImportedPersonRow, type NewImportedPerson,
} from './import.queries';
import type { ImportedPerson, ImportRecord } from './import.validate';

export interface UpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
  relativesCreated: number;
  relationshipsCreated: number;
  membershipsCreated: number;
}

function toColumns(p: ImportedPerson): NewImportedPerson {
  return {
    first_name: p.firstName,
    last_name: p.lastName,
    last_name2: p.lastName2,
    document: p.document,
    gender: p.gender,
    birthday: p.birthday,
    email: p.email,
    mobile: p.mobile,
    student_code: p.studentCode,
  };
}

/** Columns of `next` that differ from the stored row; empty cells never erase stored data. */
function changes(stored: ImportedPersonRow, next: NewImportedPerson): Partial<NewImportedPerson> {
  const diff: Partial<NewImportedPerson> = {};
  for (const key of Object.keys(next) as (keyof NewImportedPerson)[]) {
    const value = next[key];
    if (value !== null && value !== stored[key]) (diff as Record<string, unknown>)[key] = value;
  }
  return diff;
}

/**
 * Students (matched by document key in the school: a re-import updates, never duplicates), their
 * relatives (matched likewise, created when new; people whose registration is pending or rejected
 * are never matched), relationships in both directions and the
 * student memberships of the node. Runs inside the caller's transaction; a few batched statements
 * per table, so 1,000 rows take well under a second of SQL.
 */
export async function upsertImportRecords(
  db: Database,
  orgId: number,
  input: {
    nodeId: number;
    records: ImportRecord[];
    enrollmentStatus: string;
    schoolYear: string;
    onProgress: (processed: number) => Promise<void>;
  },
): Promise<UpsertCounts> {
  const { records } = input;
  const counts: UpsertCounts = { created: 0, updated: 0, unchanged: 0, relativesCreated: 0, relationshipsCreated: 0, membershipsCreated: 0 };

  // 1. Students
  const existing = await findPeopleByDocumentKeys(db, orgId, records.map((r) => r.student.documentKey));
  const studentIds = new Map<string, number>();
  const toCreate: NewImportedPerson[] = [];
  for (const { student } of records) {
    const stored = existing.get(student.documentKey);
    if (!stored) {
      toCreate.push(toColumns(student));
      continue;
    }
    studentIds.set(student.documentKey, stored.id);
    const diff = changes(stored, toColumns(student));
    if (Object.keys(diff).length === 0) counts.unchanged++;
    else {
      await updateImportedPerson(db, orgId, stored, diff);
      counts.updated++;
    }
  }
  for (const [key, id] of await insertPeople(db, orgId, toCreate)) studentIds.set(key, id);
  counts.created = toCreate.length;
  await input.onProgress(Math.floor(records.length / 3));

  // 2. Relatives (a parent of several children appears on several rows: created once)
  const relativeRecords = records.filter((r) => r.relative !== null);
  const knownRelatives = await findPeopleByDocumentKeys(db, orgId, relativeRecords.map((r) => r.relative!.documentKey));
  const relativeIds = new Map<string, number>([...knownRelatives].map(([key, row]) => [key, row.id]));
  const newRelatives = new Map<string, NewImportedPerson>();
  for (const { relative } of relativeRecords) {
    if (!relativeIds.has(relative!.documentKey) && !newRelatives.has(relative!.documentKey)) {
      newRelatives.set(relative!.documentKey, toColumns(relative!));
    }
  }
  for (const [key, id] of await insertPeople(db, orgId, [...newRelatives.values()])) relativeIds.set(key, id);
  counts.relativesCreated = newRelatives.size;

  // 3. Relationships, both directions (spec §3 kinds; the inverse follows the student's gender)
  const allStudentIds = [...studentIds.values()];
  const storedPairs = await findRelationshipKeys(db, orgId, allStudentIds);
  const pairs = new Map<string, { personId: number; relativeId: number; kind: string; inverseKind: string }>();
  for (const { student, relative } of relativeRecords) {
    const personId = studentIds.get(student.documentKey)!;
    const relativeId = relativeIds.get(relative!.documentKey)!;
    const key = `${personId}:${relativeId}`;
    if (!storedPairs.has(key)) counts.relationshipsCreated += pairs.has(key) ? 0 : 1;
    pairs.set(key, { personId, relativeId, kind: relative!.kind, inverseKind: inverseKind(relative!.kind, student.gender) });
  }
  await upsertRelationshipPairs(db, orgId, [...pairs.values()]);
  await input.onProgress(Math.floor((records.length * 2) / 3));

  // 4. Memberships: student of the node
  const members = await findStudentMembers(db, orgId, input.nodeId, allStudentIds);
  const newMembers = allStudentIds.filter((id) => !members.has(id));
  await insertStudentMemberships(db, orgId, {
    nodeId: input.nodeId,
    personIds: newMembers,
    enrollmentStatus: input.enrollmentStatus,
    schoolYear: input.schoolYear,
  });
  counts.membershipsCreated = newMembers.length;
  await input.onProgress(records.length);
  return counts;
}
