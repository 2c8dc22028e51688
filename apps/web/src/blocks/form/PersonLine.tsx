import type { ReactNode } from 'react';
import type { PostAuthor } from '@patio/core/schemas/posts';
import { formatPersonName } from '@patio/core/people/displayName';
import { PersonAvatar } from '../../features/people';
import classes from './form.module.css';

/** A person in the owner's lists: avatar, "lastname, firstname" and a line below. */
export function PersonLine({ person, meta }: { person: PostAuthor; meta?: ReactNode }) {
  return (
    <div className={classes.person}>
      <PersonAvatar person={{ ...person, roles: [] }} size={40} />
      <span className={classes.personText}>
        <span className={classes.personName}>{formatPersonName(person)}</span>
        {meta && <span className={classes.personMeta}>{meta}</span>}
      </span>
    </div>
  );
}
