// What the classroom journey does on its screens and what it reads behind them, named after what a
// person does there; labels come from the app's own dictionaries.
import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { decodeQuotedPrintable } from '../support/mailbox';
import { currentDataDir } from '../support/test';
import { classroomTexts, fill } from '../support/texts';

export const cl = classroomTexts.es.classroom;
export const te = classroomTexts.es.teaching;

/**
 * A one-page PDF (a worksheet) written for each run: no binaries in the repository. The cross-reference
 * offsets are counted, so readers that check them open it too.
 */
export function worksheetPdf(line: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${line.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The student's own work on a task's screen (status, files, turn-in; grade and feedback once returned). */
export function myWork(page: Page): Locator {
  return page.getByRole('region', { name: cl.work.mine });
}

/** A relative's read-only view of a child's work on a task's screen. */
export function workOf(page: Page, studentName: string): Locator {
  return page.getByRole('region', { name: fill(cl.work.studentNamed, { name: studentName }) });
}

/** A post's row in a group's classwork, found by its title. */
export function classworkRow(page: Page, title: string): Locator {
  return page.getByRole('region', { name: cl.group.classwork }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** A student's card on a task's submissions screen. */
export function submissionCard(page: Page, studentName: string): Locator {
  return page.getByRole('list', { name: te.submissions.students }).getByRole('listitem', { name: studentName, exact: true });
}

/** Every mail to `address` in this server's dev mailbox whose decoded text holds `text`, as decoded text. */
export function mailsHolding(address: string, text: string): string[] {
  const dir = join(currentDataDir(), 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(`to: ${address.toLowerCase()}`))
    .map(decodeQuotedPrintable)
    .filter((decoded) => decoded.includes(text));
}

/** What the server's own records say of a task's due-date reminder (its jobs and the once-only marks). */
export interface ReminderRecord {
  /** States of the reminder jobs queued for the task (one per due date it had). */
  jobStates: string[];
  /** When each student of the task was marked as reminded. */
  reminded: { studentId: number; sentAt: string }[];
}

/** Reads the reminder records of the task `postId` from the server's SQLite file. */
export function reminderRecord(postId: number): ReminderRecord {
  const db = new Database(join(currentDataDir(), 'patio.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Keyed classroom.reminder:{org}:{post}:{due date}; the due date holds colons too.
    const jobs = db.prepare("SELECT key, state FROM jobs WHERE kind = 'classroom.reminder'").all() as { key: string; state: string }[];
    const jobStates = jobs.filter((job) => job.key.split(':')[2] === String(postId)).map((job) => job.state);
    const reminded = (
      db
        .prepare('SELECT r.student_id AS studentId, r.sent_at AS sentAt FROM classroom_reminders r JOIN classroom_posts c ON c.id = r.classroom_post_id AND c.org_id = r.org_id WHERE c.post_id = ? ORDER BY r.student_id')
        .all(postId) as { studentId: number; sentAt: string }[]
    );
    return { jobStates, reminded };
  } finally {
    db.close();
  }
}
