import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { PendingRegistration, SchoolMatch } from './useRegistrations';
import classes from './registrationLinks.module.css';

export interface MatchWarningProps {
  registration: PendingRegistration;
  match: SchoolMatch;
}

/**
 * The parent's document belongs to someone of the school: a warning, never a link by itself (decision
 * 023). The registration and the school's person side by side, each differing row marked in words too.
 */
export function MatchWarning({ registration, match }: MatchWarningProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const none = t('registrationLinks.notGiven');
  const rows: { label: string; form: string | null; school: string | null; schoolLink?: boolean }[] = [
    { label: t('registrationLinks.name'), form: `${registration.firstName} ${registration.lastName}`, school: formatFullName({ ...match, lastName2: null }), schoolLink: true },
    { label: t('registrationLinks.email'), form: registration.email || null, school: match.email },
    { label: t('registrationLinks.phone'), form: registration.mobile, school: match.mobile },
    { label: t('registrationLinks.account'), form: null, school: match.hasAccount ? t('registrationLinks.hasAccount') : t('registrationLinks.noAccount') },
  ];
  const differs = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() !== (b ?? '').trim().toLowerCase();

  return (
    <section className={classes.warning} aria-labelledby={titleId}>
      <h3 id={titleId} className={classes.warningTitle}>
        <IconAlertTriangle size={18} aria-hidden="true" />
        {t('registrationLinks.warningTitle', { document: registration.document ?? '' })}
      </h3>
      <p className={classes.warningBody}>{t('registrationLinks.warningBody')}</p>
      <table className={classes.comparison}>
        <caption className={classes.srOnly}>{t('registrationLinks.comparisonLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('registrationLinks.field')}</th>
            <th scope="col">{t('registrationLinks.onForm')}</th>
            <th scope="col">{t('registrationLinks.inSchool')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isDifferent = row.form !== null && differs(row.form, row.school);
            return (
              <tr key={row.label} className={isDifferent ? classes.different : undefined}>
                <th scope="row">{row.label}</th>
                <td data-label={t('registrationLinks.onForm')}>{row.form ?? none}</td>
                <td data-label={t('registrationLinks.inSchool')}>
                  {row.schoolLink ? <Link to={`/person/${match.id}`}>{row.school}</Link> : (row.school ?? none)}
                  {isDifferent && <span className={classes.differentTag}> ({t('registrationLinks.different')})</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
