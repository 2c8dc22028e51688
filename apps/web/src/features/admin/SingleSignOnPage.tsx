import { useTranslation } from 'react-i18next';
import { Loader, Stack, Text } from '@mantine/core';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PageShell } from '../../ui/PageShell';
import '../../ui/mantineStyles';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import { SsoProviderForm } from './SsoProviderForm';
import { useSsoSettings } from './useSsoSettings';

/** /admin/sign-in: the school's Google, Office 365 and Apple sign-in, for administrators (decision 020). */
export function SingleSignOnPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/settings');
  const query = useSsoSettings();
  return (
    <PageShell title={t('screens.singleSignOn')} onBack={goBack}>
      <Stack gap="lg">
        <Text>{t('sso.admin.summary')}</Text>
        {query.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        {query.isError && <RefusalMessage error={query.error} onRetry={() => void query.refetch()} />}
        {query.data?.providers.map((settings) => <SsoProviderForm key={settings.provider} settings={settings} />)}
      </Stack>
    </PageShell>
  );
}
