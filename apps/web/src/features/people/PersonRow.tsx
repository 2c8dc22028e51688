import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPersonName } from '@patio/core/people/displayName';
import { rolesLabel } from './labels';
import { PersonAvatar } from './PersonAvatar';
import type { Person } from '@patio/core/schemas/person';
import type { PersonCard } from '@patio/core/schemas/people';
import classes from './people.module.css';

export interface PersonRowProps {
  /** A card; a profile also says whether the person administers the school. */
  person: PersonCard & Partial<Pick<Person, 'isAdmin'>>;
  /** What to show under the name instead of the roles. */
  meta?: string;
}

/** One person of a list: avatar, "lastname, firstname" (spec §3) and roles; opens the profile. */
export function PersonRow({ person, meta }: PersonRowProps) {
  const { t } = useTranslation();
  const roles = meta ?? rolesLabel(t, person.roles, person.isAdmin);
  return (
    <Link to={`/person/${person.id}`} className={classes.item}>
      <PersonAvatar person={person} />
      <span className={classes.text}>
        <span className={classes.name}>{formatPersonName(person) || t('people.unnamed')}</span>
        {roles && <span className={classes.meta}>{roles}</span>}
      </span>
    </Link>
  );
}
