import { addDays, dateParts } from '@patio/core/calendar/times';
import { formatMinor, minorInSpanishWords, type CreditMethod } from '@patio/core';
import { documentTextsFor, type DocumentTexts } from '@patio/core/i18n/billingDocuments';
import { fill } from '@patio/core/i18n/placeholders';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { billingFamilyOf } from './billing.access';
import { findLanguageOf, findStatementCredits, findStatementDebits } from './billing.documents.queries';
import { PdfPage } from './billing.documents.pdf';
import { todayOf, toMoney } from './billing.ledger';
import { getCredit, namesOf, readBalance } from './billing.read';
import { currencyOf } from './billing.settings';

// The printable receipt and statement of account (issue 14 §3), in the reader's language. The
// policies have checked the caller may read the credit or the person's billing.

export interface PdfFile {
  fileName: string;
  body: Buffer;
}

const currencyWords: Record<string, string> = { COP: 'pesos', CLP: 'pesos', MXN: 'pesos', ARS: 'pesos', UYU: 'pesos', EUR: 'euros', USD: 'dólares' };

/** spec §9: the amount in Spanish words with its currency ('… mil pesos', '… euros con cincuenta', 'un millón de pesos'). */
export function amountInWords(minor: number, currency: string): string {
  const words = minorInSpanishWords(minor, currency);
  const unit = currencyWords[currency.trim().toUpperCase()] ?? currency.trim();
  const [whole, cents] = words.split(' con ');
  const of = /(millón|millones)$/.test(whole) ? 'de ' : '';
  return cents === undefined ? `${whole} ${of}${unit}` : `${whole} ${of}${unit} con ${cents}`;
}

function dayFormatter(texts: DocumentTexts) {
  const format = new Intl.DateTimeFormat(texts.locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

async function textsOfCaller(ctx: RequestContext): Promise<DocumentTexts> {
  return documentTextsFor(await findLanguageOf(ctx.db, ctx.org.id, requireCaller(ctx).id));
}

/** GET billing/credits/{id}/receipt.pdf. */
export async function renderReceipt(ctx: RequestContext, creditId: number): Promise<PdfFile> {
  const texts = await textsOfCaller(ctx);
  const credit = await getCredit(ctx, creditId);
  const day = dayFormatter(texts);
  const money = (minor: number) => formatMinor(minor, credit.currency, texts.locale);
  const page = new PdfPage({ title: `${texts.receiptTitle} ${credit.sequence}`, author: ctx.org.title, lang: texts.locale });
  page.heading(ctx.org.title, texts.receiptTitle, fill(texts.receiptNumber, { number: credit.sequence }));
  page.pairs([
    [texts.student, credit.person.name],
    [texts.date, day(credit.date)],
    ...(credit.effectiveDate !== credit.date ? [[texts.effectiveDate, day(credit.effectiveDate)] as [string, string]] : []),
    [texts.method, texts.methods[credit.method as CreditMethod] ?? credit.method],
    [texts.reference, credit.reference || '—'],
    [texts.amount, money(credit.value)],
    [texts.amountInWords, amountInWords(credit.value, credit.currency)],
  ]);
  page.text(texts.appliedTo, { bold: true, size: 11 });
  if (credit.distributions.length === 0) page.text(texts.nothingApplied);
  else {
    page.table(
      [
        { title: texts.debit, width: 0.14 },
        { title: texts.period, width: 0.16 },
        { title: texts.concept, width: 0.45 },
        { title: texts.value, width: 0.25, align: 'right' },
      ],
      credit.distributions.map((d) => ({ cells: [String(d.debitSequence), d.period, d.conceptName, money(d.value)] })),
    );
  }
  if (credit.unapplied > 0) page.pairs([[texts.notApplied, money(credit.unapplied)]]);
  page.footer(fill(texts.generated, { date: day(todayOf(ctx.org)) }));
  return { fileName: `${texts.file.receipt}-${credit.sequence}.pdf`, body: await page.finish() };
}

/** The statement's days: `to` defaults to today, `from` to a year before `to`. */
export function statementRange(query: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const to = query.to ?? today;
  let from = query.from;
  if (!from) {
    const { year, month, day } = dateParts(to);
    // A year back and a day on: 2026-03-15 → 2025-03-16 (29 February counts as the 28th).
    from = addDays(`${year - 1}-${String(month).padStart(2, '0')}-${String(month === 2 ? Math.min(day, 28) : day).padStart(2, '0')}`, 1);
  }
  if (from > to) throw badRequest('invalid_range', '`from` must not come after `to`');
  return { from, to };
}

/**
 * GET people/{id}/billing/statement.pdf: the family's debits (charges, interest lines included) and
 * credits between two days with the running balance, the balance before and after, and today's
 * balance as the billing screen shows it (interest accruing and payments to apply counted).
 */
export async function renderStatement(ctx: RequestContext, personId: number, query: { from?: string; to?: string }): Promise<PdfFile> {
  const caller = requireCaller(ctx);
  const texts = await textsOfCaller(ctx);
  const { from, to } = statementRange(query, todayOf(ctx.org));
  const currency = currencyOf(ctx.org);
  const family = await billingFamilyOf(ctx.db, caller, ctx.org, personId);
  const [debits, credits, names, today] = await Promise.all([
    findStatementDebits(ctx.db, ctx.org.id, family, currency, to),
    findStatementCredits(ctx.db, ctx.org.id, family, currency, to),
    namesOf(ctx.db, ctx.org.id, family),
    readBalance(ctx, personId),
  ]);
  const money = (minor: number) => formatMinor(minor, currency, texts.locale);
  const day = dayFormatter(texts);
  const showsStudent = family.length > 1;
  const entries = [
    ...debits.map((d) => ({
      date: d.issue_date, order: 0, sequence: d.sequence, amount: toMoney(d.value) + toMoney(d.interest),
      text: fill(texts.debitLine, { number: d.sequence, period: d.period, description: d.description }), student: d.person_id,
    })),
    ...credits.map((c) => ({
      date: c.date, order: 1, sequence: c.sequence, amount: -toMoney(c.value),
      text: fill(texts.creditLine, { number: c.sequence, method: texts.methods[c.method as CreditMethod] ?? c.method }) + (c.reference ? ` · ${c.reference}` : ''), student: c.person_id,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.sequence - b.sequence);
  const before = entries.filter((e) => e.date < from);
  const within = entries.filter((e) => e.date >= from);
  let balance = before.reduce((sum, e) => sum + e.amount, 0);
  const page = new PdfPage({ title: texts.statementTitle, author: ctx.org.title, lang: texts.locale });
  page.heading(ctx.org.title, texts.statementTitle, fill(texts.statementPeriod, { from: day(from), to: day(to) }));
  page.pairs([[texts.student, family.map((id) => names.get(id)?.name ?? '').filter(Boolean).join(', ')]]);
  const rows: { cells: string[]; bold?: boolean }[] = [{ cells: [day(from), texts.openingBalance, '', '', money(balance)], bold: true }];
  for (const e of within) {
    balance += e.amount;
    const student = showsStudent ? ` (${names.get(e.student)?.name ?? ''})` : '';
    rows.push({ cells: [day(e.date), e.text + student, e.amount > 0 ? money(e.amount) : '', e.amount < 0 ? money(-e.amount) : '', money(balance)] });
  }
  rows.push({ cells: [day(to), fill(texts.closingBalance, { date: day(to) }), '', '', money(balance)], bold: true });
  page.table(
    [
      { title: texts.date, width: 0.16 },
      { title: texts.concept, width: 0.4 },
      { title: texts.charge, width: 0.14, align: 'right' },
      { title: texts.payment, width: 0.14, align: 'right' },
      { title: texts.balance, width: 0.16, align: 'right' },
    ],
    rows,
  );
  if (within.length === 0) page.text(texts.noMovements);
  page.pairs([[texts.balanceToday, money(today.balance)]]);
  page.footer(fill(texts.generated, { date: day(todayOf(ctx.org)) }));
  return { fileName: `${texts.file.statement}-${from}-${to}.pdf`, body: await page.finish() };
}
