import { activityNoticeTextsFor } from '@patio/core/i18n/activityNotices';
import { fill } from '@patio/core/i18n/placeholders';
import type { Database } from '../../db/database';
import { cancelUntouchedDebits, createDebit, currencyOf, interestRuleOf, todayOf } from '../billing/index';
import type { Org } from '../../policy/policy';
import { schoolLanguageOf } from '../settings/index';
import { type ActivityRow, findBilledPeriods, findDebitsDueFrom, insertDebitLink } from './activities.queries';

// An activity's fees through billing (issue 37 §1; docs/decisions/033-activities.md). Accepting a
// request bills its student one debit per period of the activity that falls due today or later, in
// the acceptance's transaction, each linked to the request in activity_debits; a free activity bills
// nothing. Leaving the activity cancels the linked debits that fall due today or later and that no
// payment ever touched (billing's cancelUntouchedDebits); paid, partly paid or overdue ones stay.
// Both run with the activity's row locked, so a second acceptance or withdrawal at the same time waits
// and then finds the request decided; the link's unique key (request, period) backs that up.

interface Period {
  label: string;
  dueDate: string;
}

/** The activity's periods, one per label (the first when an administrator typed one twice). */
function periodsOf(activity: Pick<ActivityRow, 'periods'>): Period[] {
  const seen = new Set<string>();
  return (JSON.parse(activity.periods) as Period[]).filter((p) => !seen.has(p.label) && seen.add(p.label));
}

/**
 * Bills the accepted request's student for the activity's periods still to fall due (inside the
 * acceptance's transaction). Named "{activity} — {period}", the charge line in the school's language.
 * Answers the debit ids made.
 */
export async function billAcceptedRequest(
  trx: Database,
  org: Pick<Org, 'id' | 'settings'>,
  activity: ActivityRow,
  request: { id: number; student_id: number },
  decidedBy: number | null,
): Promise<number[]> {
  const price = Number(activity.price);
  if (price <= 0) return [];
  const today = todayOf(org);
  const billed = await findBilledPeriods(trx, org.id, request.id);
  const due = periodsOf(activity).filter((p) => p.dueDate >= today && !billed.has(p.label));
  if (due.length === 0) return [];
  const t = activityNoticeTextsFor(schoolLanguageOf(org.settings));
  const { graceDays } = interestRuleOf(org);
  const now = new Date().toISOString();
  const made: number[] = [];
  for (const period of due) {
    const words = { activity: activity.name, period: period.label };
    const debit = await createDebit(trx, {
      orgId: org.id,
      personId: request.student_id,
      period: period.dueDate.slice(0, 7),
      description: `${activity.name} — ${period.label}`,
      issueDate: today,
      expirationDate: period.dueDate,
      currency: currencyOf(org),
      concepts: [{ name: fill(t.debitConcept, words), observations: '', value: price }],
      createdBy: decidedBy,
      createdAt: now,
      graceDays,
    });
    await insertDebitLink(trx, org.id, { requestId: request.id, debitId: debit.id, period: period.label, now });
    made.push(debit.id);
  }
  return made;
}

/** Cancels the request's debits that fall due today or later and that no payment touched; answers those cancelled. */
export async function cancelFutureFees(trx: Database, org: Pick<Org, 'id' | 'settings'>, requestId: number): Promise<number[]> {
  const debitIds = await findDebitsDueFrom(trx, org.id, [requestId], todayOf(org));
  return cancelUntouchedDebits(trx, org.id, debitIds);
}
