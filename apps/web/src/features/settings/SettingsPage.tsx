import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconLogout } from '@tabler/icons-react';
import { useGoBack } from '../../app/back/useGoBack';
import { useServices } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { LanguagePicker } from './LanguagePicker';
import { ProfileEditor } from '../profile';
import { ProfileSummary } from './ProfileSummary';
import { CalendarSubscriptionSection } from './CalendarSubscriptionSection';
import { SchoolCalendarSections } from './SchoolCalendarSections';
import { SchoolAppearanceSection } from './AppearanceSection';
import { LinkedAccountsSection } from './LinkedAccountsSection';
import { SingleSignOnSection } from './SingleSignOnSection';
import { SessionsSection } from './SessionsSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import './settingsStyles';

/** /settings: profile summary, interface language, notifications, linked sign-in accounts, calendar subscription (and the school's calendar and single sign-on for administrators), sign out. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { session } = useServices();
  const navigate = useNavigate();
  const goBack = useGoBack('/more');
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut(): Promise<void> {
    setSigningOut(true);
    await session.logout();
    await navigate('/login', { replace: true });
  }

  return (
    <PageShell title={t('settings.title')} onBack={goBack}>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-profile">
          <Title order={2} size="h4" id="settings-profile" mb="sm">
            {t('settings.profile')}
          </Title>
          <ProfileSummary />
        </Paper>
        <ProfileEditor />
        <Paper withBorder p="md" radius="md" component="section">
          <LanguagePicker />
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-notifications">
          <Title order={2} size="h4" id="settings-notifications" mb={4}>
            {t('screens.notifications')}
          </Title>
          <Text size="sm" c="dark.5" mb="sm">
            {t('notificationSettings.summary')}
          </Text>
          <Button component={Link} to="/settings/notifications" variant="light" leftSection={<IconBell size={18} aria-hidden="true" />} data-testid="settings-notifications-link">
            {t('notificationSettings.open')}
          </Button>
        </Paper>
        <LinkedAccountsSection />
        <ChangePasswordSection />
        <SessionsSection />
        <CalendarSubscriptionSection />
        <SchoolAppearanceSection />
        <SchoolCalendarSections />
        <SingleSignOnSection />
        <Button
          color="red.9"
          variant="outline"
          size="md"
          leftSection={<IconLogout size={20} aria-hidden="true" />}
          loading={signingOut}
          onClick={() => void handleSignOut()}
        >
          {t('settings.signOut')}
        </Button>
      </Stack>
    </PageShell>
  );
}
