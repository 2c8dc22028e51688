import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Switch, VisuallyHidden } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { PostType } from '@patio/core/schemas/posts';
import { postTypeName } from './postTypeName';
import { TypeIcon } from './TypeIcon';
import classes from './postTypes.module.css';

export interface PostTypeListRowProps {
  postType: PostType;
  busy: boolean;
  onVisibleChange: (visible: boolean) => void;
}

/** One post type: icon, colour and names (opens the editor), and the switch that shows or hides it. */
export function PostTypeListRow({ postType, busy, onVisibleChange }: PostTypeListRowProps) {
  const { t, i18n } = useTranslation();
  const singular = postTypeName(postType, i18n.language);
  return (
    <li className={classes.row}>
      <Link to={`/post/types/${postType.type}`} className={classes.rowLink}>
        <TypeIcon icon={postType.icon} type={postType.type} color={postType.color} />
        <span className={classes.rowText}>
          <span className={classes.rowName}>
            <VisuallyHidden>{t('postTypes.editPrefix')}</VisuallyHidden> {singular}
          </span>{' '}
          <span className={classes.rowMeta}>{postTypeName(postType, i18n.language, 'plural')}</span>
        </span>
        <IconChevronRight size={18} aria-hidden="true" className={classes.chevron} />
      </Link>
      <Switch
        checked={postType.visible}
        disabled={busy}
        onChange={(event) => onVisibleChange(event.currentTarget.checked)}
        aria-label={t('postTypes.visibleOf', { name: singular })}
        size="md"
        className={classes.rowSwitch}
      />
    </li>
  );
}
