import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { createDebit, recordCredit } from './billing.ledger';

// Helpers of the billing tests (and the authorization table's billing rows): ledger rows written
// straight through the ledger, as an import or a payment would.

/** A debit of `student`: Pensión 450,000 and Alimentación 180,000 COP, expiring on `expirationDate`. */
export function debitOf(t: TestApp, student: TestPerson, expirationDate = '2030-12-10', concepts?: { name: string; observations: string; value: number }[]) {
  return t.db.transaction().execute((trx) =>
    createDebit(trx, {
      orgId: student.org.id,
      personId: student.id,
      period: expirationDate.slice(0, 7),
      description: `Mensualidad ${expirationDate.slice(0, 7)}`,
      issueDate: '2026-01-01',
      expirationDate,
      currency: 'COP',
      concepts: concepts ?? [
        { name: 'Pensión', observations: '', value: 450_000 },
        { name: 'Alimentación', observations: '', value: 180_000 },
      ],
    }),
  );
}

/** A cash credit of `student`, nothing applied. */
export function creditOf(t: TestApp, student: TestPerson, value = 100_000, effectiveDate = '2026-02-01') {
  return t.db.transaction().execute((trx) =>
    recordCredit(trx, { orgId: student.org.id, personId: student.id, method: 'cash', value, date: effectiveDate, effectiveDate, currency: 'COP' }),
  );
}
