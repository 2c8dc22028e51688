import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconClipboardOff, IconPlus } from '@tabler/icons-react';
import type { ClassroomPost } from '@patio/core/schemas/classroom';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { withClassroomTerms } from '../../app/i18n/withClassroomTerms';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { ClassroomFilterBar } from './ClassroomFilterBar';
import { filtersOf, searchOf, splitPosts, type ClassroomFilters } from './classroomFilters';
import { composeClassroomPath } from './classroomPaths';
import { ClassroomPostRow } from './ClassroomPostRow';
import { useGroupTitle } from './useGroupTitle';
import { useClassroomGroups, useGroupPosts } from './useClassroom';
import classes from './classroom.module.css';
import '../../ui/mantineStyles';

interface PostSectionProps {
  id: string;
  title: string;
  posts: ClassroomPost[];
  personId: number;
  groupId: number;
  teacherId: number | null;
}

function PostSection({ id, title, posts, personId, groupId, teacherId }: PostSectionProps) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby={id} className={classes.section}>
      <h2 id={id} className={classes.sectionTitle}>
        {title}
      </h2>
      <ul className={classes.posts}>
        {posts.map((post) => (
          <ClassroomPostRow key={post.id} post={post} personId={personId} groupId={groupId} teacherId={teacherId} />
        ))}
      </ul>
    </section>
  );
}

/**
 * /people/{personId}/classroom/{groupId} (issue 35 §4): the group's classwork (tasks with due date,
 * points and the student's status) and stream (announcements and materials), filtered by kind and by
 * status; the group's teachers also find "new task or material" and each task's submissions.
 */
export const ClassroomGroupPage = withClassroomTerms(function ClassroomGroupPage() {
  const { t } = useTranslation();
  const params = useParams();
  const personId = Number(params.personId);
  const groupId = Number(params.groupId);
  const me = useSignedInId();
  const goBack = useGoBack(me === personId ? '/classroom' : `/people/${personId}/classroom`);
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const groups = useClassroomGroups(Number.isFinite(personId) ? personId : null);
  const mine = useClassroomGroups(me);
  const posts = useGroupPosts(personId, groupId, filters.kind);
  const group = groups.data?.find((g) => g.id === groupId);
  const title = useGroupTitle(personId, group?.name);
  const teaches = mine.data?.some((g) => g.id === groupId && g.role === 'teacher') ?? false;
  const teacherId = teaches ? me : null;
  // The status filter is for a student's work: their own, or a child's seen by a relative.
  const hasStatus = group ? group.role !== 'teacher' : (posts.data?.some((p) => p.submission !== null) ?? false);

  const setFilters = (next: ClassroomFilters) => setSearch(searchOf(next), { replace: true });
  const isFiltered = filters.kind !== null || filters.status !== null;

  let body;
  if (posts.isError) body = <RefusalMessage error={posts.error} onRetry={() => void posts.refetch()} resource="group" />;
  else if (posts.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else {
    const { classwork, stream } = splitPosts(posts.data, filters.status);
    if (classwork.length === 0 && stream.length === 0) {
      body = isFiltered ? (
        <StatusMessage
          icon={<IconClipboardOff size={36} />}
          title={t('classroom.group.noneMatchTitle')}
          body={t('classroom.group.noneMatchBody')}
          actions={[{ label: t('classroom.filters.clear'), onClick: () => setFilters({ kind: null, status: null }) }]}
        />
      ) : (
        <StatusMessage icon={<IconClipboardOff size={36} />} title={t('classroom.group.emptyTitle')} body={t(teaches ? 'classroom.group.emptyTeacher' : 'classroom.group.emptyBody')} />
      );
    } else {
      body = (
        <div className={classes.stack}>
          <PostSection id="classroom-classwork" title={t('classroom.group.classwork')} posts={classwork} personId={personId} groupId={groupId} teacherId={teacherId} />
          <PostSection id="classroom-stream" title={t('classroom.group.stream')} posts={stream} personId={personId} groupId={groupId} teacherId={teacherId} />
        </div>
      );
    }
  }

  return (
    <PageShell title={title ?? t('screens.classroomGroup')} onBack={goBack}>
      <div className={classes.page}>
        {teaches && (
          <Link to={composeClassroomPath(groupId)} className={classes.primaryLink}>
            <IconPlus size={18} aria-hidden="true" />
            {t('classroom.group.newPost')}
          </Link>
        )}
        {!posts.isError && <ClassroomFilterBar filters={filters} hasStatus={hasStatus} onChange={setFilters} />}
        {body}
      </div>
    </PageShell>
  );
});
