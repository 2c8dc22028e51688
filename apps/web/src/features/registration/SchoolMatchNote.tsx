import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconUserCheck } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { SchoolMatch } from './useRegistrations';
import classes from './registrations.module.css';

/** "Already in the school: <name>": approving links the family to this existing person instead of a new one. */
export function SchoolMatchNote({ match }: { match: SchoolMatch }) {
  const { t } = useTranslation();
  return (
    <span className={classes.match}>
      <IconUserCheck size={16} aria-hidden="true" />
      {t('registrations.alreadyInSchool')}{' '}
      <Link to={`/person/${match.id}`}>{formatFullName({ ...match, lastName2: null })}</Link>
    </span>
  );
}
