import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popover } from '@mantine/core';
import { IconStack2, IconX } from '@tabler/icons-react';
import type { TabListProps } from './TabStrip';
import { TabIcon, useTabLabel } from './useTabLabel';
import classes from './workspace.module.css';
import '@mantine/core/styles/Popover.css';

/** Phones: one compact button with the number of open tabs; it opens their list, each with its close button. */
export function TabSwitcher({ tabs, currentId, onClose }: TabListProps) {
  const { t } = useTranslation();
  const labelOf = useTabLabel();
  const [opened, setOpened] = useState(false);
  const current = tabs.find((tab) => tab.id === currentId);
  const count = tabs.length;

  return (
    <div className={classes.switcher}>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus returnFocus withinPortal width={300}>
        <Popover.Target>
          <button type="button" className={classes.switcherButton} aria-expanded={opened} onClick={() => setOpened((o) => !o)}>
            <IconStack2 size={18} aria-hidden="true" />
            <span className={classes.switcherText}>{t('workspace.switcher', { count })}</span>
            <span className={classes.count} aria-hidden="true">
              {count}
            </span>
          </button>
        </Popover.Target>
        <Popover.Dropdown className={classes.switcherDropdown}>
          <nav aria-label={t('workspace.tabs')}>
            <ul className={classes.switcherList}>
              {tabs.map((tab) => {
                const label = labelOf(tab);
                              return (
                  <li key={tab.id} className={classes.switcherItem}>
                    <Link to={tab.path} className={classes.switcherLink} aria-current={tab.id === currentId ? 'page' : undefined} onClick={() => setOpened(false)}>
                      <TabIcon tab={tab} size={18} />
                      <span className={classes.stripLabel}>{label}</span>
                    </Link>
                    <button type="button" className={classes.close} aria-label={t('workspace.close', { name: label })} onClick={() => onClose(tab.id)}>
                      <IconX size={16} aria-hidden="true" />
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
        </Popover.Dropdown>
      </Popover>
      {current && <span className={classes.switcherCurrent}>{labelOf(current)}</span>}
    </div>
  );
}
