import { ALERTING_TYPES } from '@patio/core';
import { defineJob } from '../../platform/jobs/jobs';
import { announceThreadsChanged } from '../live/index';
import { findOrgById } from '../org/index';
import { deliverPost, rewritePublishedPost, storedDescription } from '../posts/index';
import { schoolLanguageOf } from '../settings/index';
import { type AlertFacts, familyLanguages, personName, renderAlert } from './attendance.alert';
import { findAlertRecipients, findLatestChangeId, findNames, findNodeWithType, findRecordByIdForUpdate, type RecordRow, updateRecord } from './attendance.queries';
import type { Database } from '../../db/database';

export interface AttendanceAlertPayload {
  orgId: number;
  recordId: number;
  /** The change that queued the job: once a newer change exists, that change's own job decides (absent in jobs queued before issue 33). */
  changeId?: number;
}

async function factsOf(db: Database, orgId: number, record: RecordRow): Promise<AlertFacts> {
  const [node, people] = await Promise.all([findNodeWithType(db, orgId, record.node_id), findNames(db, orgId, [record.person_id, ...(record.marked_by ? [record.marked_by] : [])])]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const student = byId.get(record.person_id);
  const teacher = record.marked_by ? byId.get(record.marked_by) : undefined;
  return {
    student: student ? personName(student) : '',
    node: node?.name ?? '',
    date: record.date,
    type: record.type,
    note: record.note,
    teacher: teacher ? personName(teacher) : '',
    withdrawn: !(ALERTING_TYPES as readonly string[]).includes(record.type),
  };
}

/** The languages the family reads; a relative who chose none reads the school's default language. */
async function languagesOf(db: Database, orgId: number, relatives: number[]) {
  const schoolLanguage = schoolLanguageOf((await findOrgById(db, orgId))?.settings ?? {});
  return familyLanguages((await findNames(db, orgId, relatives)).map((p) => p.language), schoolLanguage);
}

/**
 * Makes a record's "absence" post say what the record says (issue 15; docs/decisions/021-attendance.md).
 * Queued with every mark that changes the alert, in the mark's transaction: ALERT_DELAY_SECONDS after
 * a new or corrected absence or late arrival not told yet, at once after a change to a record whose
 * post went out. Under the record's row lock it acts only while its change is the record's latest (an
 * undo or a correction within the window leaves the decision to the newer change's job, which waits a
 * window of its own), and sends the post only while the record still alerts and has none (so the job
 * run twice sends once); a record with a post gets that post rewritten in place — withdrawn, restored,
 * late instead of absent — never a second post.
 */
export const attendanceAlertJob = defineJob<AttendanceAlertPayload>({
  kind: 'attendance.alert',
  async handle({ orgId, recordId, changeId }, { db, dialect, jobs, events }) {
    const told = await db.transaction().execute(async (trx) => {
      const record = await findRecordByIdForUpdate(trx, dialect, orgId, recordId);
      if (!record) return null;
      if (changeId !== undefined && (await findLatestChangeId(trx, orgId, recordId)) !== changeId) return null;
      const facts = await factsOf(trx, orgId, record);
      if (record.alert_post_id !== null) {
        const relatives = await findAlertRecipients(trx, orgId, record.person_id);
        const languages = await languagesOf(trx, orgId, relatives);
        return rewritePublishedPost(trx, orgId, record.alert_post_id, renderAlert(facts, languages));
      }
      if (record.alert_state !== 'pending' || facts.withdrawn || record.marked_by === null) return null;
      const relatives = await findAlertRecipients(trx, orgId, record.person_id);
      if (relatives.length === 0) {
        await updateRecord(trx, orgId, record.id, { alert_state: null });
        return null;
      }
      const languages = await languagesOf(trx, orgId, relatives);
      const { title, description } = renderAlert(facts, languages);
      const delivered = await deliverPost(
        trx,
        { jobs },
        {
          orgId,
          authorId: record.marked_by,
          threadId: null,
          replyToId: null,
          type: 'absence',
          title,
          description: storedDescription(description),
          settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false },
          audience: { people: relatives, rules: null, relatives: false },
          quotes: [],
        },
        relatives,
      );
      await updateRecord(trx, orgId, record.id, { alert_state: 'sent', alert_post_id: delivered.id });
      return null;
    });
    // A rewritten post: its readers' open screens refresh (a new post is announced by post.delivered).
    if (told) await announceThreadsChanged(events, orgId, told.personIds, told.threadId);
  },
});
