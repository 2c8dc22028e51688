import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconMoodKid } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { useGoBack } from '../../app/back/useGoBack';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { rolesLabel } from './labels';
import { PersonAvatar } from './PersonAvatar';
import { RefusalMessage } from '../../app/RefusalMessage';
import type { Child } from '@patio/core/schemas/people';
import { useChildren, usePerson } from './usePeople';
import classes from './people.module.css';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/** The child's classes ("3A", "3B · enrollment pending"); empty when they have none. */
function classesOf(child: Child, pending: (name: string) => string): string {
  return child.groups.map((g) => (g.enrollmentStatus === 'pending' ? pending(g.nodeName) : g.nodeName)).join(', ');
}

/** /people/{personId}/children: the person's children as cards that open their profiles. */
export const ChildrenPage = withDirectoryTerms(function ChildrenPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/people');
  const personId = Number(useParams().personId);
  const parent = usePerson(personId);
  const children = useChildren(personId);
  const title = parent.data ? t('children.titleOf', { name: formatFullName(parent.data) }) : t('screens.children');

  let body;
  if (children.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (children.isError) body = <RefusalMessage error={children.error} onRetry={() => void children.refetch()} />;
  else if (children.data.length === 0) body = <StatusMessage icon={<IconMoodKid size={36} />} title={t('children.emptyTitle')} body={t('children.emptyBody')} />;
  else {
    body = (
      <ul className={classes.cards} aria-label={t('screens.children')}>
        {children.data.map((child) => {
          const courses = classesOf(child, (name) => t('children.pendingClass', { name }));
          return (
            <li key={child.id}>
              <Link to={`/person/${child.id}`} className={classes.card}>
                <PersonAvatar person={child} size={56} />
                <span className={classes.text}>
                  <span className={classes.name}>{formatFullName(child)}</span>
                  <span className={classes.meta}>{courses || rolesLabel(t, child.roles)}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <PageShell title={title} onBack={goBack}>
      {body}
    </PageShell>
  );
});
