import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@patio/core/i18n/index';
import { typeNameOf, type TypedNode } from './nodeTree';
import classes from './nodes.module.css';

export interface GroupLinkProps {
  node: TypedNode;
  language: LanguageCode;
  /** The name as shown (a search marks what matched); the plain name otherwise. */
  name?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/** A group in a list: its name (wrapping on a phone, whole in the tooltip), then its type and member count. */
export function GroupLink({ node, language, name, ref }: GroupLinkProps) {
  const { t } = useTranslation();
  const details = [typeNameOf(node, language), t('nodes.memberCount', { count: node.memberCount })].filter(Boolean).join(' · ');
  return (
    <Link ref={ref} to={`/nodes/${node.id}`} className={classes.groupLink} title={node.name}>
      <span className={classes.nodeName}>{name ?? node.name}</span> <span className={classes.nodeType}>{details}</span>
    </Link>
  );
}
