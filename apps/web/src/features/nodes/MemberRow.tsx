import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPersonName } from '@patio/core/people/displayName';
import type { NodeMember } from '@patio/core/schemas/nodes';
import { PersonAvatar } from '../people';
import { membershipsLabel } from './memberLabels';
import classes from './memberRow.module.css';

export interface MemberRowProps {
  member: NodeMember;
  /** Buttons beside the person (administrators: remove). */
  actions?: ReactNode;
  /** A line under the row, across its whole width (the removal's confirmation). */
  below?: ReactNode;
}

/** One person of a group's roster (issue 8): once, with every role they hold in the group; fits a 390 px screen. */
export function MemberRow({ member, actions, below }: MemberRowProps) {
  const { t } = useTranslation();
  const name = formatPersonName(member) || t('people.unnamed');
  // Older answers had one entry per role and no `memberships`.
  const memberships = member.memberships?.length ? member.memberships : [member];
  return (
    <li className={classes.row}>
      <Link to={`/person/${member.id}`} className={classes.person}>
        <PersonAvatar person={member} size={40} />
        <span className={classes.text}>
          <span className={classes.name} title={name}>
            {name}
          </span>
          <span className={classes.roles}>{membershipsLabel(t, memberships)}</span>
        </span>
      </Link>
      {actions && <span className={classes.actions}>{actions}</span>}
      {below && <div className={classes.confirm}>{below}</div>}
    </li>
  );
}
