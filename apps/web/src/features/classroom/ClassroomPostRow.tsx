import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconBook, IconClipboardText, IconSpeakerphone, type Icon } from '@tabler/icons-react';
import type { ClassroomKind, ClassroomPost } from '@patio/core/schemas/classroom';
import { PostDate } from '../posts';
import { classroomPostPath, teachingPostPath } from './classroomPaths';
import { authorName, titleOf, useFormatMoment } from './classroomText';
import { SubmissionStatusBadge } from './SubmissionStatusBadge';
import classes from './classroom.module.css';

export const KIND_ICONS: Record<ClassroomKind, Icon> = { task: IconClipboardText, material: IconBook, announcement: IconSpeakerphone };

export interface ClassroomPostRowProps {
  post: ClassroomPost;
  personId: number;
  groupId: number;
  /** The signed-in teacher of the group: a task links to its submissions. */
  teacherId: number | null;
}

/** One post of a group's list: kind, title (the link), author and date; a task's due date, points and status. */
export function ClassroomPostRow({ post, personId, groupId, teacherId }: ClassroomPostRowProps) {
  const { t } = useTranslation();
  const formatMoment = useFormatMoment();
  const KindIcon = KIND_ICONS[post.kind];
  const title = titleOf(t, post.title);
  const hasSubmissionsLink = teacherId !== null && post.kind === 'task';
  return (
    <li className={classes.postRow} data-kind={post.kind}>
      <KindIcon size={24} aria-hidden="true" className={classes.kindIcon} />
      <div className={classes.postMain}>
        <h3 className={classes.postTitle}>
          <Link to={classroomPostPath(personId, groupId, post.id)} className={classes.postLink}>
            {title}
          </Link>
        </h3>
        <p className={classes.meta}>
          <span>{t(`classroom.kind.${post.kind}`)}</span>
          <span aria-hidden="true"> · </span>
          <span>{authorName(t, post.author)}</span>
          <span aria-hidden="true"> · </span>
          <PostDate date={post.publishDate} />
        </p>
        {post.kind === 'task' && (
          <p className={classes.meta}>
            {post.dueDate ? t('classroom.post.due', { date: formatMoment(post.dueDate) }) : t('classroom.post.noDue')}
            {post.points !== null && (
              <>
                <span aria-hidden="true"> · </span>
                {t('classroom.post.points', { count: post.points })}
              </>
            )}
          </p>
        )}
      </div>
      {(post.submission || hasSubmissionsLink) && (
        <div className={classes.postSide}>
          {post.submission && <SubmissionStatusBadge status={post.submission.status} />}
          {hasSubmissionsLink && (
            <Link to={teachingPostPath(teacherId, post.id)} className={classes.sideLink} aria-label={t('classroom.group.submissionsOf', { title })}>
              {t('classroom.group.submissions')}
            </Link>
          )}
        </div>
      )}
    </li>
  );
}
