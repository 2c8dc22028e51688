import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import type { SignedInSession } from '@patio/core/schemas/sessions';
import { describeError } from '../../app/api/describeError';
import { useServices, useSessionState } from '../../app/services';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { useSignedInSessions } from './useSignedInSessions';
import '@mantine/core/styles/Modal.css';

const PHONES = new Set(['android', 'ios', 'ipados']);
/** Long labels (German, a phone's width) wrap inside the button instead of being cut. */
const WRAPPING = { root: { height: 'auto', minHeight: 36, paddingBlock: 6 }, label: { whiteSpace: 'normal' } } as const;

/** "Android · Pixel 8", "Windows · Edge 131", or null when the server knows neither. */
function deviceName(session: SignedInSession): string | null {
  const parts = [session.platform, session.model].map((p) => p.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * /settings: where the person is signed in (platform, model, last use; this device marked), with a way
 * to sign out one device, every other one, or everywhere (issue 29 item 2).
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const { session } = useServices();
  const navigate = useNavigate();
  const signedIn = useSessionState((s) => s.token !== null);
  const language = useSessionState((s) => s.language);
  const { query, revoke, signOutEverywhere } = useSignedInSessions(signedIn);
  const [confirming, setConfirming] = useState(false);
  const sessions = query.data ?? [];
  const others = sessions.filter((s) => !s.current);
  const when = (iso: string) => new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  const revokedName = revoke.isSuccess ? (deviceName(revoke.variables) ?? t('sessions.unknownDevice')) : null;

  async function everywhere(): Promise<void> {
    await signOutEverywhere.mutateAsync(false);
    setConfirming(false);
    // This device's token ended with the others: back to the sign-in screen.
    session.expire();
    await navigate('/login', { replace: true });
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-sessions" data-testid="settings-sessions">
      <Title order={2} size="h4" id="settings-sessions" mb={4}>
        {t('sessions.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('sessions.hint')}
      </Text>
      {query.isPending && signedIn && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {query.isError && <Notice tone="error">{describeError(t, query.error)}</Notice>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sessions.map((item) => {
          const name = deviceName(item) ?? t('sessions.unknownDevice');
          const Icon = PHONES.has(item.platform.toLowerCase()) ? IconDeviceMobile : IconDeviceDesktop;
          return (
            <Group key={item.id} component="li" justify="space-between" wrap="wrap" gap="xs" data-testid="settings-session">
              <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                <Icon size={24} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    {item.current && (
                      <Text component="span" size="xs" fw={700} c="teal.9" bg="teal.0" px={8} py={2} style={{ borderRadius: 999 }}>
                        {t('sessions.thisDevice')}
                      </Text>
                    )}
                  </Group>
                  <Text size="sm" c="dark.5">
                    {t('sessions.lastUsed', { when: when(item.lastUsedAt) })}
                  </Text>
                  <Text size="sm" c="dark.5">
                    {t('sessions.signedInOn', { date: when(item.createdAt) })}
                  </Text>
                </div>
              </Group>
              {!item.current && (
                <Button
                  variant="outline"
                  color="red.9"
                  styles={WRAPPING}
                  leftSection={<IconLogout size={18} aria-hidden="true" />}
                  aria-label={t('sessions.revokeLabel', { device: name })}
                  loading={revoke.isPending && revoke.variables?.id === item.id}
                  onClick={() => revoke.mutate(item)}
                >
                  {t('sessions.revoke')}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      {query.isSuccess && others.length === 0 && (
        <Text size="sm" c="dark.5" mt="sm">
          {t('sessions.empty')}
        </Text>
      )}
      {revokedName && <Notice>{t('sessions.revoked', { device: revokedName })}</Notice>}
      {signOutEverywhere.isSuccess && signOutEverywhere.data.keptCurrent && <Notice>{t('sessions.othersSignedOut')}</Notice>}
      {(revoke.isError || signOutEverywhere.isError) && <Notice tone="error">{describeError(t, revoke.error ?? signOutEverywhere.error)}</Notice>}
      <Group gap="sm" mt="md" wrap="wrap">
        {others.length > 0 && (
          <Button variant="light" styles={WRAPPING} loading={signOutEverywhere.isPending && signOutEverywhere.variables} onClick={() => signOutEverywhere.mutate(true)}>
            {t('sessions.signOutOthers')}
          </Button>
        )}
        <Button variant="outline" color="red.9" styles={WRAPPING} leftSection={<IconLogout size={18} aria-hidden="true" />} onClick={() => setConfirming(true)} data-testid="sign-out-everywhere">
          {t('sessions.signOutEverywhere')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('sessions.confirmTitle')}
        message={t('sessions.confirmMessage')}
        confirmLabel={t('sessions.signOutEverywhere')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={signOutEverywhere.isPending}
        onConfirm={() => void everywhere().catch(() => setConfirming(false))}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
