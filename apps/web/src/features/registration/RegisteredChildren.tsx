import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullName } from '@patio/core/people/displayName';
import type { MyRegistration } from './myRegistration';
import classes from './registrationStatus.module.css';

export interface RegisteredChildrenProps {
  registration: MyRegistration;
}

/** The children a family registered, each with the class it asked for. */
export function RegisteredChildren({ registration }: RegisteredChildrenProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={classes.children}>
      <h2 id={headingId}>{t('registrationStatus.children')}</h2>
      <ul>
        {registration.children.map((child, i) => (
          <li key={i}>
            <span className={classes.childName}>{formatFullName({ ...child, lastName2: null })}</span>
            <span className={classes.course}>{child.course?.name ?? t('registrations.noCourse')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
