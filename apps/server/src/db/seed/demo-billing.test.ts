import { ZBillingBalance, ZDebit, ZDebitSummary } from '@patio/core';
import { addDays } from '@patio/core/calendar/times';
import { expect, it } from 'vitest';
import { todayOf } from '../../modules/billing/index';
import { findOrgByCode } from '../../modules/org/org.queries';
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import { describeOnDatabases } from '../../test/harness';
import { seedDemoSchools } from './index';
import { tuitionMonths } from './demo-billing';

// The demo's billing as the demo family and Colegio del Norte read it (issue 14 §1): per child, ten
// months of tuition with seven paid, one overdue with interest and two pending, whatever the seed day.
describeOnDatabases(
  'the demo billing',
  (t) => {
    it('shows the demo parent both children with one overdue month each, two pending and seven paid', async () => {
      const demo = (await findOrgByCode(t.db, 'demo'))!;
      const today = todayOf(demo);
      const get = async (code: string, username: string, path: string) => {
        const org = (await findOrgByCode(t.db, code))!;
        const id = (await findPersonIdByUsername(t.db, org.id, username))!;
        return t.request({ method: 'GET', url: `/api/${code}/${path}`, token: await t.app.patio.tokens.sign(code, id) });
      };
      const parentId = (await findPersonIdByUsername(t.db, demo.id, 'parent'))!;

      const pending = ZDebitSummary.array().parse((await get('demo', 'parent', `people/${parentId}/billing/debits/pending?limit=50`)).json());
      expect(pending.map((d) => d.status)).toEqual(['overdue', 'overdue', 'pending', 'pending', 'pending', 'pending']);
      expect(new Set(pending.map((d) => d.person.id)).size).toBe(2);
      expect(pending[0]).toMatchObject({ expirationDate: addDays(today, -45), value: 630_000, interest: 14_175, balance: 644_175 });
      expect(pending.slice(2).every((d) => d.expirationDate > today && d.interest === 0)).toBe(true);
      const paid = await get('demo', 'parent', `people/${parentId}/billing/debits/paid?limit=50`);
      expect(paid.headers['x-total-count']).toBe('14');
      const balance = ZBillingBalance.parse((await get('demo', 'parent', `people/${parentId}/billing/balance`)).json());
      expect(balance).toMatchObject({ currency: 'COP', overdue: 2 * 644_175, pending: 2 * 644_175 + 4 * 630_000, overdueCount: 2, pendingCount: 6, unapplied: 0 });

      const lastPaid = ZDebit.parse((await get('demo', 'parent', `billing/debits/${paid.json()[0].id}`)).json());
      expect(lastPaid.distributions.map((d) => d.conceptName)).toEqual(['Pensión', 'Alimentación']);
      expect(lastPaid).toMatchObject({ status: 'paid', balance: 0, canPay: false, interestRule: { monthlyRatePercent: 1.5, graceDays: 0 } });
      expect(tuitionMonths(today).map((m) => m.period)).toHaveLength(10);

      const debtors = (await get('demo', 'admin', 'billing/debtors')).json() as { person: { id: number } }[];
      expect(debtors.length).toBe(3);
      // Norte bills its own family; the demo's debits are not there.
      const norteDebits = (await get('norte', 'admin', `billing/debits/${pending[0].id}`));
      expect(norteDebits.statusCode).toBe(404);
      const norte = (await findOrgByCode(t.db, 'norte'))!;
      const norteParent = (await findPersonIdByUsername(t.db, norte.id, 'parent'))!;
      const norteList = await get('norte', 'parent', `people/${norteParent}/billing/debits/pending`);
      expect(norteList.json().map((d: { status: string }) => d.status)).toEqual(['pending']);
      expect((await get('norte', 'parent', `people/${norteParent}/billing/debits/paid`)).headers['x-total-count']).toBe('1');

      expect((await seedDemoSchools(t.db)).ran).toEqual([]);
    });
  },
  { seedDemo: true },
);
