import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Checkbox, Paper, PasswordInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { SSO_PROVIDER_NAMES, type SsoProviderSettings } from '@patio/core/schemas/singleSignOn';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { Notice } from '../../ui/Notice';
import { useSaveSsoProvider } from './useSsoSettings';

/** The issuer refusals get their own sentence: the administrator can fix them. */
const issuerRefused = (error: unknown) => error instanceof ApiError && (error.code === 'issuer_not_allowed' || error.code === 'invalid_issuer');

const lines = (text: string) => text.split(/[\s,]+/).map((line) => line.trim()).filter(Boolean);

/** One provider's client for the school: on or off, client id, write-only secret, issuer, allowed tenants or domains. */
export function SsoProviderForm({ settings }: { settings: SsoProviderSettings }) {
  const { t } = useTranslation();
  const { provider } = settings;
  const name = SSO_PROVIDER_NAMES[provider];
  const save = useSaveSsoProvider(provider);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [issuer, setIssuer] = useState(settings.issuer ?? '');
  const [tenants, setTenants] = useState(settings.tenants.join('\n'));
  const [domains, setDomains] = useState(settings.domains.join('\n'));
  const [selfRegistration, setSelfRegistration] = useState(settings.allowSelfRegistration);
  const titleId = `sso-${provider}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    save.mutate(
      {
        enabled,
        clientId: clientId.trim() || null,
        ...(clientSecret ? { clientSecret } : {}),
        issuer: issuer.trim() || null,
        tenants: lines(tenants),
        domains: lines(domains),
        allowSelfRegistration: selfRegistration,
      },
      { onSuccess: () => setClientSecret('') },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {name}{' '}
            <Badge color={settings.available ? 'teal.9' : 'gray.7'} variant="light">
              {settings.available ? t('sso.admin.offered') : t('sso.admin.notOffered')}
            </Badge>
          </Title>
          <Checkbox label={t('sso.admin.enabled', { provider: name })} checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
          {settings.fromEnvironment && <Text size="sm">{t('sso.admin.serverDefault', { provider: name })}</Text>}
          <TextInput label={t('sso.admin.clientId')} value={clientId} onChange={(event) => setClientId(event.currentTarget.value)} autoComplete="off" />
          <PasswordInput
            label={t('sso.admin.clientSecret')}
            description={settings.hasClientSecret ? t('sso.admin.secretKept') : undefined}
            value={clientSecret}
            onChange={(event) => setClientSecret(event.currentTarget.value)}
            autoComplete="new-password"
          />
          <TextInput
            label={t('sso.admin.issuer')}
            description={t('sso.admin.issuerHint', { issuer: settings.effectiveIssuer })}
            value={issuer}
            onChange={(event) => setIssuer(event.currentTarget.value)}
            error={save.isError && issuerRefused(save.error)}
          />
          {provider === 'office' && <Textarea label={t('sso.admin.tenants')} value={tenants} onChange={(event) => setTenants(event.currentTarget.value)} autosize minRows={2} />}
          {provider === 'google' && <Textarea label={t('sso.admin.domains')} value={domains} onChange={(event) => setDomains(event.currentTarget.value)} autosize minRows={2} />}
          <Checkbox label={t('sso.admin.selfRegistration')} checked={selfRegistration} onChange={(event) => setSelfRegistration(event.currentTarget.checked)} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('sso.admin.redirectUri', { provider: name, uri: settings.redirectUri })}
          </Text>
          <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />} style={{ alignSelf: 'flex-start' }}>
            {t('sso.admin.save', { provider: name })}
          </Button>
          {save.isSuccess && <Notice>{t('sso.admin.saved', { provider: name })}</Notice>}
          {save.isError && <Notice tone="error">{issuerRefused(save.error) ? t('sso.admin.issuerRefused') : describeError(t, save.error)}</Notice>}
        </Stack>
      </form>
    </Paper>
  );
}
