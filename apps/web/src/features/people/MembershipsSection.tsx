import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Badge, Paper, Title } from '@mantine/core';
import { labelOf } from './labels';
import type { Membership } from './types';
import classes from './profile.module.css';
import '@mantine/core/styles/Badge.css';

/** Groups the person belongs to: role (spec §3 Role labels) and, for students, enrollment status and outcome. */
export function MembershipsSection({ memberships }: { memberships: Membership[] }) {
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
                <Badge variant="light" color={m.enrollmentStatus === 'active' ? 'green.9' : 'gray.8'} radius="sm" tt="none" size="md">
                  {t('person.enrollmentStatus', { status: labelOf(t, 'enrollment', m.enrollmentStatus) })}
                </Badge>
              )}
              {m.outcome && (
                <Badge variant="outline" color="gray.8" radius="sm" tt="none" size="md" ml={6}>
                  {labelOf(t, 'outcomes', m.outcome)}
                </Badge>
              )}
            </span>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
