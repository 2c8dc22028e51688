import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { checkpointPath, type TeachingGroup } from './teachingGroups';
import classes from './attendance.module.css';

/** The groups the signed-in person teaches, each a link to its roll of today. */
export function MyClasses({ groups }: { groups: TeachingGroup[] }) {
  const { t } = useTranslation();
  return (
    <section className={classes.card} aria-labelledby="attendance-my-classes">
      <h2 id="attendance-my-classes">{t('attendance.admin.myClasses')}</h2>
      <p className={classes.muted}>{t('attendance.admin.myClassesHint')}</p>
      <ul className={classes.links}>
        {groups.map((group) => (
          <li key={group.nodeId}>
            <Link to={checkpointPath(group.nodeId)} className={classes.linkRow}>
              <span className={classes.linkMain}>
                <VisuallyHidden>{`${t('attendance.admin.takeRollOf', { name: group.name })}:`}</VisuallyHidden>
                <strong>{group.name}</strong>
              </span>
              <IconChecklist size={20} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

