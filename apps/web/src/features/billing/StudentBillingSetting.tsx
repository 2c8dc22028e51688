import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch, Text } from '@mantine/core';
import { Notice } from '../../ui/Notice';
import { describeBillingError } from './billingErrors';
import { useSaveStudentsSeeOwn, type BillingSettings } from './useBillingAdmin';
import classes from './billing.module.css';

/** Staff: whether students see their own debits (off by default: their family and treasury do); saved when switched. */
export function StudentBillingSetting({ settings }: { settings: BillingSettings }) {
  const { t } = useTranslation();
  const save = useSaveStudentsSeeOwn();
  const hintId = useId();
  const checked = save.isPending ? save.variables : settings.studentsSeeOwnBilling;

  // The switch is named by its label alone (a Mantine description would sit inside the label and
  // lengthen the name); its explanation is read as its description.
  return (
    <section className={`${classes.card} ${classes.page}`} aria-labelledby="billing-students-title">
      <h2 id="billing-students-title">{t('billing.studentView.title')}</h2>
      <div>
        <Switch
          size="md"
          label={t('billing.studentView.setting')}
          aria-describedby={hintId}
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
        <Text id={hintId} size="sm" c="dark.5" mt={4}>
          {t('billing.studentView.settingHint')}
        </Text>
      </div>
      {save.isError && <Notice tone="error">{describeBillingError(t, save.error)}</Notice>}
      {save.isSuccess && <Notice>{t('billing.studentView.saved')}</Notice>}
    </section>
  );
}
