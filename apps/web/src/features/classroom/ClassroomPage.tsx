import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { ClassroomGroup } from '@patio/core/schemas/classroom';
import type { Child } from '@patio/core/schemas/people';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { withClassroomTerms } from '../../app/i18n/withClassroomTerms';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { Notice } from '../../ui/Notice';
import { PersonAvatar } from '../people';
import { teachingPath } from './classroomPaths';
import { GroupList } from './GroupList';
import { useChildrenGroups, useChildrenOf, useClassroomGroups } from './useClassroom';
import classes from './classroom.module.css';
import '../../ui/mantineStyles';

/** One child's groups under their name; their own list is read from GET people/{childId}/classroom. */
function ChildSection({ child, groups, failed }: { child: Child; groups: ClassroomGroup[] | undefined; failed: boolean }) {
  const { t } = useTranslation();
  const name = formatFullName(child);
  const headingId = `classroom-child-${child.id}`;
  let body;
  if (failed) body = <Notice tone="error">{t('classroom.home.childFailed', { name })}</Notice>;
  else if (!groups) body = <Loader role="status" size="xs" aria-label={t('common.loading')} />;
  else if (groups.length === 0) body = <p className={classes.hint}>{t('classroom.home.childEmpty', { name })}</p>;
  else body = <GroupList groups={groups} personId={child.id} label={t('classroom.home.groupsOf', { name })} />;
  return (
    <section aria-labelledby={headingId} className={classes.section}>
      <h2 id={headingId} className={classes.childHeading}>
        <PersonAvatar person={child} size={32} />
        {name}
      </h2>
      {body}
    </section>
  );
}

/**
 * /classroom (issue 35 §4): a student's groups, a family's children with each child's groups, and a
 * teacher straight on to their teaching screen.
 */
export const ClassroomPage = withClassroomTerms(function ClassroomPage() {
  const { t } = useTranslation();
  const me = useSignedInId();
  const groups = useClassroomGroups(me);
  const isRelative = groups.data?.some((g) => g.role === 'relative') ?? false;
  const children = useChildrenOf(isRelative ? me : null);
  const childGroups = useChildrenGroups(isRelative ? (children.data ?? []) : []);

  let body;
  if (me === null || groups.isPending || (isRelative && children.isPending)) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (groups.isError) body = <RefusalMessage error={groups.error} onRetry={() => void groups.refetch()} resource="person" />;
  else if (groups.data.some((g) => g.role === 'teacher')) return <Navigate to={teachingPath(me)} replace />;
  else if (children.isError) body = <RefusalMessage error={children.error} onRetry={() => void children.refetch()} resource="person" />;
  else {
    const own = groups.data.filter((g) => g.role === 'student');
    // A child in no classroom group is left out; one still loading or that failed to load shows so.
    const perChild = (children.data ?? []).map((child, index) => ({ child, query: childGroups[index] }));
    const withGroups = perChild.filter(({ query }) => !query?.data || query.data.some((g) => g.role === 'student'));
    if (own.length === 0 && withGroups.length === 0) {
      body = <StatusMessage icon={<IconSchool size={36} />} title={t('classroom.home.emptyTitle')} body={t('classroom.home.emptyBody')} />;
    } else {
      body = (
        <div className={classes.stack}>
          {own.length > 0 && (
            <section aria-labelledby="classroom-own" className={classes.section}>
              <h2 id="classroom-own" className={classes.sectionTitle}>
                {t('classroom.home.myGroups')}
              </h2>
              <GroupList groups={own} personId={me} label={t('classroom.home.myGroups')} />
            </section>
          )}
          {withGroups.map(({ child, query }) => (
            <ChildSection key={child.id} child={child} groups={query?.data?.filter((g) => g.role === 'student')} failed={query?.isError ?? false} />
          ))}
        </div>
      );
    }
  }
  return <PageShell title={t('screens.classroom')}>{body}</PageShell>;
});
