import { type FormAnswer, type FormField, type FormResults, type PostAuthor, selectChoices } from '@patio/core';
import { type DictionaryLanguage, loadDictionary } from '@patio/core/i18n/index';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { toCsv } from '../../platform/export/csv';
import { csvDelimiterFor } from '../../platform/spreadsheet/index';
import { formUrl } from '../blocks/index';
import { signedAvatarUrl } from '../people/index';
import { findForm } from './forms.queries';
import { fieldsOf } from './forms.service';
import { type AnswerRow, countPending, countPublishedCarriers, countReached, countRecords, findAllAnswers, findAnswers, findPending, findRecordValues } from './results.queries';

// What a form's owner (and the school's administrators) see of it: counts per choice, every answer,
// who it reached and has not answered, and the answers as a CSV (issue 10 §4).

type Values = Record<string, string | number>;
type Page = { page: number; limit: number };

async function requireForm(ctx: RequestContext, formId: number) {
  const form = await findForm(ctx.db, ctx.org.id, formId);
  if (!form) throw notFound('There is no such form in this school');
  return { form, fields: fieldsOf(form) };
}

const parseValues = (json: string): Values => JSON.parse(json) as Values;
const isAnswered = (value: string | number | undefined) => value !== undefined && value !== '';

/** Counts of one field over the records: per choice for a select (choices that were removed since still count), checked for a checkbox. */
export function countField(field: FormField, records: readonly Values[]): FormResults['fields'][number] {
  const answered = records.filter((r) => isAnswered(r[field.name]));
  let counts: { option: string; count: number }[] = [];
  if (field.type === 'select') {
    const byChoice = new Map(selectChoices(field).map((c) => [c, 0]));
    for (const r of answered) byChoice.set(String(r[field.name]), (byChoice.get(String(r[field.name])) ?? 0) + 1);
    counts = [...byChoice].map(([option, count]) => ({ option, count }));
  } else if (field.type === 'checkbox') {
    counts = [{ option: 'checked', count: answered.filter((r) => r[field.name] === 1).length }];
  }
  return { name: field.name, title: field.title, type: field.type, counts, answers: answered.length };
}

/** GET data/entities/{id}/results. */
export async function formResults(ctx: RequestContext, formId: number): Promise<FormResults> {
  const { fields } = await requireForm(ctx, formId);
  const records = (await findRecordValues(ctx.db, ctx.org.id, formId)).map(parseValues);
  const url = formUrl(formId);
  const audience = (await countPublishedCarriers(ctx.db, ctx.org.id, url)) > 0 ? await countReached(ctx.db, ctx.org.id, url) : null;
  return { formId, answered: records.length, audience, fields: fields.map((f) => countField(f, records)) };
}

function card(ctx: RequestContext, id: number, firstName: string, lastName: string, lastName2: string | null, avatar: string | null): PostAuthor {
  return { id, firstName, lastName, lastName2, avatar: signedAvatarUrl(ctx, avatar) };
}

function toAnswer(ctx: RequestContext, r: AnswerRow): FormAnswer {
  return {
    person: card(ctx, r.person_id, r.person_first_name, r.person_last_name, r.person_last_name2, r.person_avatar),
    answeredBy: card(ctx, r.answered_by, r.by_first_name, r.by_last_name, r.by_last_name2, r.by_avatar),
    values: parseValues(r.values),
    createdAt: r.created_at,
  };
}

/** GET data/entities/{id}/records: a page of answers, newest first, with the total. */
export async function listAnswers(ctx: RequestContext, formId: number, page: Page): Promise<{ items: FormAnswer[]; total: number }> {
  await requireForm(ctx, formId);
  const total = await countRecords(ctx.db, ctx.org.id, formId);
  const rows = await findAnswers(ctx.db, ctx.org.id, formId, { offset: (page.page - 1) * page.limit, limit: page.limit });
  return { items: rows.map((r) => toAnswer(ctx, r)), total };
}

/** GET data/entities/{id}/pending: a page of the people the form's posts reached who have not answered (nor their family for them). */
export async function listPending(ctx: RequestContext, formId: number, page: Page): Promise<{ items: PostAuthor[]; total: number }> {
  await requireForm(ctx, formId);
  const url = formUrl(formId);
  const total = await countPending(ctx.db, ctx.org.id, formId, url);
  const rows = await findPending(ctx.db, ctx.org.id, formId, url, { offset: (page.page - 1) * page.limit, limit: page.limit });
  return { items: rows.map((r) => card(ctx, r.id, r.first_name, r.last_name, r.last_name2, r.avatar)), total };
}

const nameOf = (first: string, last: string, last2: string | null) => `${[last, last2].filter(Boolean).join(' ')}, ${first}`;

/**
 * GET data/entities/{id}/records.csv: one line per answer in name order — the person, who sent it,
 * when, then each field in its order (titled by its title, or its name when untitled; checkboxes as
 * yes/no in `lang`). Formula-looking cells are neutralised (platform/export/csv.ts).
 */
export async function exportAnswers(ctx: RequestContext, formId: number, lang: DictionaryLanguage = 'es'): Promise<{ fileName: string; csv: string }> {
  const { fields } = await requireForm(ctx, formId);
  const terms = (await loadDictionary(lang)).formRecordsCsv;
  const rows = await findAllAnswers(ctx.db, ctx.org.id, formId);
  const cell = (field: FormField, value: string | number | undefined) => {
    if (value === undefined) return null;
    // A field made a checkbox after it was answered keeps its earlier answers as they were given.
    if (field.type === 'checkbox' && (value === 0 || value === 1)) return value === 1 ? terms.checked : terms.unchecked;
    return value;
  };
  const csv = toCsv(
    [terms.person, terms.answeredBy, terms.answeredAt, ...fields.map((f) => f.title.trim() || f.name)],
    rows.map((r) => {
      const values = parseValues(r.values);
      return [
        nameOf(r.person_first_name, r.person_last_name, r.person_last_name2),
        nameOf(r.by_first_name, r.by_last_name, r.by_last_name2),
        r.created_at,
        ...fields.map((f) => cell(f, values[f.name])),
      ];
    }),
    // ';' where the language writes decimals with a comma, as every export and template does.
    csvDelimiterFor(lang),
  );
  return { fileName: `${terms.fileName}-${formId}.csv`, csv };
}
