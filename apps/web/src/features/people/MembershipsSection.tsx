import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paper, Title } from '@mantine/core';
import { labelOf } from './labels';
import type { PersonGroup } from '@patio/core/schemas/people';
import classes from './profile.module.css';
import '../../ui/mantineStyles';

/** Groups the person belongs to: role (spec §3 Role labels) and, for students, enrollment status and outcome. */
export function MembershipsSection({ memberships }: { memberships: PersonGroup[] }) {
  const { t } = useTranslation();
  if (memberships.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="person-groups">
      <Title order={2} size="h4" id="person-groups" mb="xs">
        {t('person.groups')}
      </Title>
      <ul className={classes.plainList}>
        {memberships.map((m) => (
          <li key={`${m.nodeId}-${m.role}-${m.schoolYear ?? ''}`} className={classes.membership}>
            <span>
              <Link to={`/nodes/${m.nodeId}`}>{m.nodeName}</Link>
              {' · '}
              {labelOf(t, 'roles', m.role)}
              {m.schoolYear ? ` · ${m.schoolYear}` : ''}
            </span>
            <span>
              {m.enrollmentStatus && (
                <span className={`${classes.pill} ${m.enrollmentStatus === 'active' ? classes.pillActive : ''}`}>
                  {t('person.enrollmentStatus', { status: labelOf(t, 'enrollment', m.enrollmentStatus) })}
                </span>
              )}
              {m.outcome && (
                <span className={classes.pill}>{labelOf(t, 'outcomes', m.outcome)}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
