import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../app/back/useGoBack';
import { PageShell } from '../../ui/PageShell';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { useNode } from './useNodes';
import classes from './nodes.module.css';

/** Whether the signed-in person may import into and change the members of a node (POST allowed, spec §6). */
export function useNodeAdmin(nodeId: number) {
  const importPath = `POST nodes/${nodeId}/imports`;
  const membersPath = `POST nodes/${nodeId}/members`;
  const allowed = useAllowedPaths(['people', importPath, membersPath]);
  return { canBrowsePeople: allowed?.people === true, canImport: allowed?.[importPath] === true, canManageMembers: allowed?.[membersPath] === true };
}

/** The frame of every node screen: its name in the toolbar and the tabs of its child routes (spec §2). */
export function NodeFrame({ nodeId, children }: { nodeId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const goBack = useGoBack('/nodes');
  const node = useNode(nodeId);
  const { canBrowsePeople, canImport } = useNodeAdmin(nodeId);
  const tabs = [
    { to: `/nodes/${nodeId}`, label: t('nodes.details'), end: true },
    // The people search is for staff (GET people); members see the member list on the first tab.
    ...(canBrowsePeople ? [{ to: `/nodes/${nodeId}/people`, label: t('nodes.people') }] : []),
    { to: `/nodes/${nodeId}/nodes`, label: t('nodes.children') },
    ...(canImport ? [{ to: `/nodes/${nodeId}/import`, label: t('nodes.import') }] : []),
  ];
  return (
    <PageShell title={node.data?.name ?? t('screens.node')} onBack={goBack}>
      <nav aria-label={t('nodes.sections')}>
        <ul className={classes.tabs}>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end} className={classes.tab} replace>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </PageShell>
  );
}
