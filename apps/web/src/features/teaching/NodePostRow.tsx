import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { formatFullName } from '@patio/core/people/displayName';
import type { NodePost } from '@patio/core/schemas/classroom';
import type { Post } from '@patio/core/schemas/posts';
import { useServices } from '../../app/services';
import { PostDate } from '../posts';
import { classroomPostPath } from './teachingPaths';
import classes from './teaching.module.css';

export interface NodePostRowProps {
  post: NodePost;
  nodeId: number;
  me: number;
  timeZone: string | undefined;
}

/**
 * One post of a node's list, opening the post: a classroom post on its classroom screen, one's own
 * on its sent screen, any other in its conversation (found through GET posts/{id}).
 */
export function NodePostRow({ post, nodeId, me, timeZone }: NodePostRowProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const title = post.title.trim() || t('teaching.untitled');
  const content = (
    <>
      <span className={classes.rowTop}>
        <span className={classes.rowTitle}>{title}</span>
        <PostDate date={post.publishDate} className={classes.rowMeta} />
      </span>
      <span className={classes.rowMeta}>
        {formatFullName(post.author) || t('teaching.unnamed')}
        {post.kind && ` · ${t(`teaching.kinds.${post.kind}`)}`}
        {post.dueDate && ` · ${t('teaching.upcoming.due', { date: formatDateTime(post.dueDate, i18n.language, { dateStyle: 'medium', timeZone }) })}`}
      </span>
    </>
  );

  const to = post.kind !== null ? classroomPostPath(me, nodeId, post.id) : post.author.id === me ? `/sent/${post.id}` : null;
  if (to) {
    return (
      <li>
        <Link to={to} className={classes.row}>
          {content}
        </Link>
      </li>
    );
  }
  const open = async () => {
    setFailed(false);
    try {
      const full = await api.get<Post>(`posts/${post.id}`);
      await navigate(`/threads/feed/${full.thread}`);
    } catch {
      setFailed(true);
    }
  };
  return (
    <li>
      <button type="button" className={`${classes.row} ${classes.rowButton}`} onClick={() => void open()}>
        {content}
      </button>
      {failed && (
        <p role="alert" className={classes.rowProblem}>
          {t('teaching.nodePosts.cannotOpen')}
        </p>
      )}
    </li>
  );
}
