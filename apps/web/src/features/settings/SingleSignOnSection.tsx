import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';

// POST allowed answers from the route's own policy, so the section shows exactly to those the server accepts.
const SSO_SETTINGS_PATH = 'GET settings/single-sign-on';

/** For administrators: where the school's Google, Office 365 and Apple sign-in is configured. */
export function SingleSignOnSection() {
  const { t } = useTranslation();
  const allowed = useAllowedPaths([SSO_SETTINGS_PATH]);
  if (allowed?.[SSO_SETTINGS_PATH] !== true) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-single-sign-on">
      <Title order={2} size="h4" id="settings-single-sign-on" mb={4}>
        {t('screens.singleSignOn')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('sso.admin.summary')}
      </Text>
      <Button component={Link} to="/admin/sign-in" variant="light" leftSection={<IconKey size={18} aria-hidden="true" />}>
        {t('sso.admin.open')}
      </Button>
    </Paper>
  );
}
