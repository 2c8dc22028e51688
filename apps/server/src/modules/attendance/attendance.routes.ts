import {
  ALERT_UNDO_SECONDS,
  ID_CODE_MAX,
  ZLanguage,
  ZAttendanceDay,
  ZAttendanceMarks,
  ZAttendanceReport,
  ZAttendanceReportQuery,
  ZCheckpoint,
  ZCheckpointInput,
  ZDay,
  ZMarksSaved,
  ZRoll,
  ZRollQuery,
  ZScanInput,
  ZScanResult,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { SPREADSHEET_FILE_DOC, ZSpreadsheetFormat, requestedFormat } from '../../platform/spreadsheet/index';
import { changeCheckpoint } from './attendance.checkpoints';
import { getAttendanceDay } from './attendance.day';
import { MarksRefused, saveMarks, ALERT_DELAY_SECONDS } from './attendance.marks';
import { attendancePolicies as p } from './attendance.policy';
import { getReport, reportFile } from './attendance.reports';
import { getRoll } from './attendance.roll';
import { scanIdCard } from './attendance.scan';

/** Checkpoints, rolls, marks, reports and the day's overview under /api/{org}/ (issue 15; docs/decisions/021-attendance.md). */
export async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attendance'];
  const takers =
    "The node's teachers, substitute teachers and group directors (on it or an ancestor), employees of an ancestor, administrators and school-wide employees, and a route's driver; anyone else 403, a node of no school of the caller's 404.";

  r.route({
    ...routeOf(p.readRoll),
    schema: {
      tags,
      summary: "A node's roll for a day",
      description: `${takers} Every current student of the node (role student in the node itself, not its subtree; ended enrollments left out), in name order, with their record of the day or null, then anyone marked that day who has since left. \`date\` (YYYY-MM-DD, the school's time zone) defaults to today. The node's checkpoint is created on first use (classes: class/arriving, routes: bus_boarding/arriving, other nodes: event/information). \`excuses\` are the relatives' replies to the student's absence post.`,
      params: paramsOf(p.readRoll),
      querystring: ZRollQuery,
      response: { 200: ZRoll, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getRoll(contextOf(request), request.params.nodeId, request.query.date),
  });

  r.route({
    ...routeOf(p.markRoll),
    schema: {
      tags,
      summary: 'Mark attendance',
      description: `${takers} One mark or an array of up to 500 (a whole roll, or an offline device's queue). Every mark is checked first and one bad mark refuses them all, nothing written: 400 \`not_in_node\` (the person is not a current student of the node; \`details\` name each), 400 \`future_date\` (a day after today in the school's time zone), 400 for a note over 500 characters or holding NUL. A mark equal to the stored one, or whose \`markedAt\` (device time, epoch s) is older than the stored mark's, is \`unchanged\`; every change is kept in the record's history. Absent or late sends the student's parent-like relatives one "absence" post ${ALERT_DELAY_SECONDS} s after the mark's last change (the roll offers an undo for ${ALERT_UNDO_SECONDS} s), unless it was undone or corrected to present or excused meanwhile: each change waits a whole delay again, so the family hears only of the mark that stood; a correction to present or excused after it went out rewrites that post to say so (no new notification), and a new absence the same day restores it, never a second post.`,
      params: paramsOf(p.markRoll),
      body: ZAttendanceMarks,
      response: { 200: ZMarksSaved, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      try {
        return await saveMarks(contextOf(request), request.params.nodeId, request.body);
      } catch (err) {
        if (err instanceof MarksRefused) return reply.code(400).send({ error: err.code, message: err.message, details: err.details });
        throw err;
      }
    },
  });

  r.route({
    ...routeOf(p.scan),
    schema: {
      tags,
      summary: "Mark a student by scanning their ID card",
      description: `${takers} \`code\` is what a student's ID card QR code carries (GET people/{id}/id-code). Marks the student \`present\` on today's roll (the school's time zone) through the same path as POST …/log: the same record and history, the same undo window and family alerts (an absence post already sent is rewritten to say the student came). On a bus checkpoint present means boarded (or dropped off on a \`bus_dropoff\` one). A student already present or late today is left as marked and the answer says \`alreadyMarked\`: a second scan, or twenty at once, writes one record. An earlier absent or excused becomes present. Refusals, with nothing written: 400 \`invalid_code\` (not a code of this school, or altered in any character), 400 \`code_expired\` (a genuine code of another day), 400 \`invalid_request\` (empty, over ${ID_CODE_MAX} characters, holding NUL), 404 \`not_on_roll\` (the student is not a current student of this node).`,
      params: paramsOf(p.scan),
      body: ZScanInput,
      response: { 200: ZScanResult, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => scanIdCard(contextOf(request), request.params.nodeId, request.body),
  });

  r.route({
    ...routeOf(p.updateCheckpoint),
    schema: {
      tags,
      summary: "Change a node's checkpoint",
      description: `${takers} Sets the checkpoint's type (class, entrance, bus_boarding, bus_dropoff, event) and direction (arriving, leaving, information).`,
      params: paramsOf(p.updateCheckpoint),
      body: ZCheckpointInput,
      response: { 200: ZCheckpoint, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => changeCheckpoint(contextOf(request), request.params.nodeId, request.body),
  });

  const reportReaders =
    'Administrators and school-wide employees over the whole school; teachers, group directors and employees of a node over the nodes they reach (their nodes and below); anyone else 403. `node` narrows it to that node and its subtree: 404 for a node of no school of the caller\'s, 403 for one out of reach.';

  r.route({
    ...routeOf(p.readReport),
    schema: {
      tags,
      summary: 'Attendance rates per student and group',
      description: `${reportReaders} Counts of present, absent, late and excused marks between \`from\` and \`to\` (inclusive, at most 400 days) and the rate (present + late) ÷ marks, one line per student and group they were marked in (paged by \`page\` and \`limit\`, total in \`X-Total-Count\`), and one per group.`,
      querystring: ZAttendanceReportQuery,
      response: { 200: ZAttendanceReport, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { report, total } = await getReport(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return report;
    },
  });

  r.route({
    ...routeOf(p.readReportCsv),
    schema: {
      tags,
      summary: 'Attendance rates as a CSV or XLSX file',
      description: `${reportReaders} The students' lines of GET attendance/reports (every page), in \`lang\` (default es). ${SPREADSHEET_FILE_DOC}`,
      querystring: ZAttendanceReportQuery.extend({ lang: ZLanguage.optional(), format: ZSpreadsheetFormat.optional() }),
      response: { 200: fileAnswer('CSV, or XLSX with format=xlsx', mime.csv, mime.xlsx), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const format = requestedFormat(request.query.format, request.headers.accept);
      const file = await reportFile(contextOf(request), request.query, format);
      return sendDownload(reply, { ...file, fallbackName: `attendance.${format}` });
    },
  });

  r.route({
    ...routeOf(p.readDay),
    schema: {
      tags,
      summary: "The day's checkpoints",
      description: `${reportReaders.split(' `node`')[0]} Every node with a checkpoint or with current students in a class node, in tree order, whether its roll was taken that day, its students, and who is missing (absent or late). \`date\` defaults to today in the school's time zone.`,
      querystring: z.object({ date: ZDay.optional() }),
      response: { 200: ZAttendanceDay, ...errors(400, 401, 403) },
    },
    handler: async (request) => getAttendanceDay(contextOf(request), request.query.date),
  });
}
