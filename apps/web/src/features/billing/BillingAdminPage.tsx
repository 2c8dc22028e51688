import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@mantine/core';
import { useGoBack } from '../../app/back/useGoBack';
import { PageShell } from '../../ui/PageShell';
import { DebitImportPanel } from './DebitImportPanel';
import { DebtorsPanel } from './DebtorsPanel';
import { InterestSettingsPanel } from './InterestSettingsPanel';
import { ManualPaymentPanel } from './ManualPaymentPanel';
import { RefundsPanel } from './RefundsPanel';
import './billingStyles';
import classes from './billing.module.css';

const ADMIN_TABS = ['debtors', 'import', 'payment', 'refunds', 'settings'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

const PANELS: Record<AdminTab, () => React.JSX.Element> = {
  debtors: DebtorsPanel,
  import: DebitImportPanel,
  payment: ManualPaymentPanel,
  refunds: RefundsPanel,
  settings: InterestSettingsPanel,
};

/**
 * /billing/admin (staff: administrators and school-wide employees): debtors and the payment reminder,
 * importing debits, recording a payment received, refunds of payments that came after their debit was
 * paid, and the settings (interest rule, whether students see their own billing); the tab is in ?tab=.
 */
export function BillingAdminPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const [search, setSearch] = useSearchParams();
  const param = search.get('tab');
  const tab: AdminTab = ADMIN_TABS.includes(param as AdminTab) ? (param as AdminTab) : 'debtors';

  return (
    <PageShell title={t('screens.billingAdmin')} onBack={goBack}>
      <div className={classes.page}>
        <Tabs value={tab} onChange={(value) => value && setSearch(new URLSearchParams({ tab: value }))} keepMounted={false}>
          <Tabs.List aria-label={t('billing.admin.tabs.label')}>
            {ADMIN_TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {name === 'refunds' ? t('billing.refunds.tab') : t(`billing.admin.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ADMIN_TABS.map((name) => {
            const Panel = PANELS[name];
            return (
              <Tabs.Panel key={name} value={name} pt="md">
                <Panel />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </div>
    </PageShell>
  );
}
