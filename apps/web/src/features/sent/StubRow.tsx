import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { formatPersonName } from '@patio/core/people/displayName';
import type { Stub } from '@patio/core/schemas/posts';
import { PostDate } from '../posts';
import { PersonAvatar } from '../people';
import classes from './sent.module.css';

/** One recipient of a sent post and whether they read it (and when). */
export function StubRow({ stub }: { stub: Stub }) {
  const { t } = useTranslation();
  const name = formatPersonName(stub.person) || t('sentPosts.unnamed');
  return (
    <li>
      <Link to={`/person/${stub.person.id}`} className={classes.stub}>
        <PersonAvatar person={stub.person} size={36} />
        <span className={classes.stubName}>{name}</span>
        {stub.readDate ? (
          <span className={classes.read}>
            <IconCircleCheck size={18} aria-hidden="true" />
            <span>
              {t('sentPosts.read')} <PostDate date={stub.readDate} />
            </span>
          </span>
        ) : (
          <span className={classes.unread}>
            <IconCircleDashed size={18} aria-hidden="true" />
            {t('sentPosts.unread')}
          </span>
        )}
      </Link>
    </li>
  );
}
