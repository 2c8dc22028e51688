import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronUp, IconId, IconLogout, IconSettings } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { PersonAvatar } from '../../features/people/PersonAvatar';
import { useServices, useSessionState } from '../services';
import classes from './DeckShell.module.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

/** Wide screens: who is signed in (picture and name) at the foot of the side bar, with their profile and sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { session } = useServices();
  const navigate = useNavigate();
  const user = useSessionState((s) => s.user);
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;
  const name = formatFullName(user) || t('userMenu.unnamed');

  async function handleSignOut(): Promise<void> {
    setSigningOut(true);
    await session.logout();
    await navigate('/login', { replace: true });
  }

  return (
    <div className={classes.user}>
      {/* The side bar never scrolls its foot away, so the menu need not hide when its button is out of view. */}
      <Menu position="top-start" width="target" withinPortal={false} shadow="md" hideDetached={false}>
        <Menu.Target>
          {/* Named by its visible text (the person's name), so voice control users can say what they see. */}
          <UnstyledButton className={classes.userButton} title={t('userMenu.open', { name })}>
            <span aria-hidden="true">
              <PersonAvatar person={user} size={36} />
            </span>
            <span className={classes.userName}>{name}</span>
            <IconChevronUp size={16} aria-hidden="true" />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={`/person/${user.id}/profile`} leftSection={<IconId size={18} aria-hidden="true" />}>
            {t('screens.myProfile')}
          </Menu.Item>
          <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={18} aria-hidden="true" />}>
            {t('screens.settings')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item className={classes.signOut} disabled={signingOut} leftSection={<IconLogout size={18} aria-hidden="true" />} onClick={() => void handleSignOut()}>
            {t('settings.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
