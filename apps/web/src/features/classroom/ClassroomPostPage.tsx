import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconLock, IconUsers } from '@tabler/icons-react';
import type { ClassroomPostDetail } from '@patio/core/schemas/classroom';
import { useGoBack } from '../../app/back/useGoBack';
import { isRefusal } from '../../app/api/ApiError';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { withClassroomTerms } from '../../app/i18n/withClassroomTerms';
import { BlockView } from '../../blocks/BlockView';
import { useBlocks } from '../../blocks/useBlocks';
import blockClasses from '../../blocks/blocks.module.css';
import { PageShell } from '../../ui/PageShell';
import { AuthorLine, PostHtml } from '../posts';
import { classroomGroupPath, teachingPostPath } from './classroomPaths';
import { titleOf, useFormatMoment } from './classroomText';
import { KIND_ICONS } from './ClassroomPostRow';
import { SubmissionPanel } from './SubmissionPanel';
import { useGroupTitle } from './useGroupTitle';
import { useClassroomGroups, useClassroomPost } from './useClassroom';
import classes from './classroom.module.css';
import '../../ui/mantineStyles';

/**
 * The post's blocks as its readers see them (GET posts/{id}/blocks). A relative the teacher did not
 * include reads the post and the child's work through the classroom, but the blocks answer only the
 * post's recipients: a note says so, so the attachments do not look missing.
 */
function PostBlocks({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const { query, blocks } = useBlocks(postId);
  if (isRefusal(query.error)) {
    return (
      <p className={classes.blocksNote}>
        <IconLock size={16} aria-hidden="true" />
        {t('classroom.post.blocksForRecipients')}
      </p>
    );
  }
  if (blocks.length === 0) return null;
  return (
    <ul className={blockClasses.readList} aria-label={t('postCard.blocks.label')}>
      {blocks.map((block) => (
        <li key={block.id} className={blockClasses.readItem}>
          <BlockView block={block} postId={postId} />
        </li>
      ))}
    </ul>
  );
}

function PostBody({ post, teacherId }: { post: ClassroomPostDetail; teacherId: number | null }) {
  const { t } = useTranslation();
  const formatMoment = useFormatMoment();
  const KindIcon = KIND_ICONS[post.kind];
  return (
    <article className={classes.post} aria-labelledby="classroom-post-title">
      <p className={classes.kindChip}>
        <KindIcon size={16} aria-hidden="true" />
        {t(`classroom.kind.${post.kind}`)}
      </p>
      <h2 id="classroom-post-title" className={classes.postHeading}>
        {titleOf(t, post.title)}
      </h2>
      <AuthorLine author={post.author} publishDate={post.publishDate} />
      {post.kind === 'task' && (
        <dl className={classes.facts}>
          <div>
            <dt>{t('classroom.post.dueLabel')}</dt>
            <dd>{post.dueDate ? formatMoment(post.dueDate) : t('classroom.post.noDue')}</dd>
          </div>
          <div>
            <dt>{t('classroom.post.pointsLabel')}</dt>
            <dd>{post.points !== null ? t('classroom.post.points', { count: post.points }) : t('classroom.post.noPoints')}</dd>
          </div>
        </dl>
      )}
      <PostHtml html={post.description} />
      <PostBlocks postId={post.id} />
      {teacherId !== null && post.kind === 'task' && (
        <Link to={teachingPostPath(teacherId, post.id)} className={classes.primaryLink}>
          <IconUsers size={18} aria-hidden="true" />
          {t('classroom.group.submissions')}
        </Link>
      )}
    </article>
  );
}

/**
 * /people/{personId}/classroom/{groupId}/posts/{postId} (issue 35 §4): the post (title, author,
 * dates, description, blocks) and, for a task, the student's work: turn it in, take it back, and
 * once returned the grade and the teacher's feedback.
 */
export const ClassroomPostPage = withClassroomTerms(function ClassroomPostPage() {
  const { t } = useTranslation();
  const params = useParams();
  const personId = Number(params.personId);
  const groupId = Number(params.groupId);
  const postId = Number(params.postId);
  const me = useSignedInId();
  const goBack = useGoBack(classroomGroupPath(personId, groupId));
  const post = useClassroomPost(personId, groupId, postId);
  const groups = useClassroomGroups(Number.isFinite(personId) ? personId : null);
  const title = useGroupTitle(personId, groups.data?.find((g) => g.id === groupId)?.name);
  const mine = useClassroomGroups(me);
  const teaches = mine.data?.some((g) => g.id === groupId && g.role === 'teacher') ?? false;

  let body;
  if (post.isError) body = <RefusalMessage error={post.error} onRetry={() => void post.refetch()} resource="page" />;
  else if (post.isPending || me === null) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else {
    const { submission } = post.data;
    body = (
      <div className={classes.stack}>
        <PostBody post={post.data} teacherId={teaches ? me : null} />
        {post.data.kind === 'task' && submission && <SubmissionPanel post={{ ...post.data, submission }} personId={personId} me={me} />}
      </div>
    );
  }
  return (
    <PageShell title={title ?? t('screens.classroomPost')} onBack={goBack}>
      <div className={classes.page}>{body}</div>
    </PageShell>
  );
});
