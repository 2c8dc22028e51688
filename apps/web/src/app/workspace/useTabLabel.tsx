import { useTranslation } from 'react-i18next';
import { IconAdjustmentsHorizontal, IconUser } from '@tabler/icons-react';
import { kindOfTab, type WorkspaceTab } from './workspaceTabs';

/** What a tab shows: the admin tab's translated title, a person's name (or "Person 12" until it is known). */
export function useTabLabel(): (tab: WorkspaceTab) => string {
  const { t } = useTranslation();
  return (tab) => {
    if (kindOfTab(tab.id) === 'admin') return t('workspace.admin');
    return tab.title ?? t('workspace.person', { id: tab.id.slice('person:'.length) });
  };
}

/** The admin tab's icon (the one More shows for Administración) or a person's. */
export function TabIcon({ tab, size }: { tab: WorkspaceTab; size: number }) {
  const Icon = kindOfTab(tab.id) === 'admin' ? IconAdjustmentsHorizontal : IconUser;
  return <Icon size={size} aria-hidden="true" />;
}
