import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@mantine/core';
import { useGoBack } from '../../app/back/useGoBack';
import { PageShell } from '../../ui/PageShell';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { useNode, useNodeChildren } from './useNodes';
import classes from './nodes.module.css';
import '../../ui/mantineStyles';

/** Whether the signed-in person may import into and change the members of a node (POST allowed, spec §6). */
export function useNodeAdmin(nodeId: number) {
  const importPath = `POST nodes/${nodeId}/imports`;
  const membersPath = `POST nodes/${nodeId}/members`;
  const allowed = useAllowedPaths(['people', importPath, membersPath, 'POST nodes']);
  return {
    canBrowsePeople: allowed?.people === true,
    canImport: allowed?.[importPath] === true,
    canManageMembers: allowed?.[membersPath] === true,
    canCreateGroups: allowed?.['POST nodes'] === true,
  };
}

interface Tab {
  to: string;
  label: string;
  end?: boolean;
  /** The number the tab's screen lists, and how to say it. */
  count?: { value: number; spoken: string };
}

/** The frame of every node screen: its name in the toolbar and the tabs of its child routes (spec §2). */
export function NodeFrame({ nodeId, children }: { nodeId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const goBack = useGoBack('/nodes');
  const node = useNode(nodeId);
  const subgroups = useNodeChildren(nodeId);
  const { canBrowsePeople, canImport } = useNodeAdmin(nodeId);
  // The same numbers the tabs' lists show: people (the roster's X-Total-Count) and sub-groups.
  const people = node.data ? { value: node.data.memberCount, spoken: t('nodes.memberCount', { count: node.data.memberCount }) } : undefined;
  const groups = subgroups.data ? { value: subgroups.data.length, spoken: t('groups.childCount', { count: subgroups.data.length }) } : undefined;
  const tabs: Tab[] = [
    { to: `/nodes/${nodeId}`, label: t('nodes.details'), end: true },
    // The roster with search and CSV is for staff; members and families see the roster on the first tab.
    ...(canBrowsePeople ? [{ to: `/nodes/${nodeId}/people`, label: t('nodes.people'), count: people }] : []),
    { to: `/nodes/${nodeId}/nodes`, label: t('nodes.children'), count: groups },
    ...(canImport ? [{ to: `/nodes/${nodeId}/import`, label: t('nodes.import') }] : []),
  ];
  return (
    <PageShell title={node.data?.name ?? t('screens.node')} onBack={goBack}>
      <nav aria-label={t('nodes.sections')}>
        <ul className={classes.tabs}>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end} className={classes.tab} replace>
                <span>{tab.label}</span>
                {tab.count && (
                  <>
                    <span className={classes.tabCount} aria-hidden="true">
                      {tab.count.value}
                    </span>
                    <VisuallyHidden>{`(${tab.count.spoken})`}</VisuallyHidden>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </PageShell>
  );
}
