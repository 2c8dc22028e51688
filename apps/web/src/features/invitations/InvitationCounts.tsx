import { useTranslation } from 'react-i18next';
import type { InvitationCounts as Counts } from '@patio/core/schemas/invitations';
import classes from './invitations.module.css';

const FIELDS = ['notSent', 'sent', 'opened', 'signedIn', 'withoutEmail'] as const;

/** How many people stand at each status, and how many cannot be invited for want of an email. */
export function InvitationCounts({ counts }: { counts: Counts }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <dl className={classes.counts} aria-label={t('invitations.countsLabel')}>
      {FIELDS.map((field) => (
        <div key={field}>
          <dt>{t(`invitations.counts.${field}`)}</dt>
          <dd>{number.format(counts[field])}</dd>
        </div>
      ))}
    </dl>
  );
}
