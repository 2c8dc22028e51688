import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconBrandWindows, IconUnlink } from '@tabler/icons-react';
import { SSO_PROVIDER_NAMES, type SsoProvider } from '@patio/core/schemas/singleSignOn';
import { describeError } from '../../app/api/describeError';
import { useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { useOfferedProviders } from './useOfferedProviders';
import { useSignInLinks } from './useSignInLinks';

const ICONS: Record<SsoProvider, typeof IconBrandGoogle> = { google: IconBrandGoogle, office: IconBrandWindows, apple: IconBrandApple };

/**
 * /settings: the Google, Office 365 and Apple accounts that sign in as this person, each with a way to
 * unlink it. Shown only where the school offers a provider, or where an account is still linked (a
 * provider turned off since must not leave a link the person cannot remove).
 */
export function LinkedAccountsSection() {
  const { t } = useTranslation();
  const personId = useSessionState((s) => s.user?.id ?? null);
  const language = useSessionState((s) => s.language);
  const offered = useOfferedProviders();
  const { query, remove } = useSignInLinks(personId);
  const links = query.data ?? [];
  const removed = remove.isSuccess ? SSO_PROVIDER_NAMES[remove.variables.provider] : null;
  // Nothing until the offer is known: a card that appears and then vanishes would be worse than none.
  if (offered === null) return null;
  if (offered.length === 0 && links.length === 0 && !removed) return null;
  const providers = new Intl.ListFormat(language, { type: 'disjunction' }).format(offered.map((p) => SSO_PROVIDER_NAMES[p]));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-linked-accounts">
      <Title order={2} size="h4" id="settings-linked-accounts" mb={4}>
        {t('sso.links.title')}
      </Title>
      {(links.length > 0 || offered.length > 0) && (
        <Text size="sm" c="dark.5" mb={links.length > 0 ? 'sm' : 0}>
          {links.length > 0 ? t('sso.links.hint') : t('sso.links.empty', { providers })}
        </Text>
      )}
      {query.isPending && personId !== null && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {query.isError && <Notice tone="error">{describeError(t, query.error)}</Notice>}
      {links.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {links.map((link) => {
            const Icon = ICONS[link.provider];
            const name = SSO_PROVIDER_NAMES[link.provider];
            return (
              <Group key={link.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <Icon size={22} aria-hidden="true" />
                  <div>
                    <Text fw={600}>{link.email ? `${name} · ${link.email}` : name}</Text>
                    <Text size="sm" c="dark.5">
                      {t('sso.links.linkedOn', { date: new Date(link.linkedAt).toLocaleDateString(language, { dateStyle: 'long' }) })}
                    </Text>
                  </div>
                </Group>
                <Button variant="outline" color="red.9" leftSection={<IconUnlink size={18} aria-hidden="true" />} loading={remove.isPending && remove.variables?.id === link.id} onClick={() => remove.mutate(link)}>
                  {t('sso.links.remove', { provider: name })}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      {removed && <Notice>{t('sso.links.removed', { provider: removed })}</Notice>}
      {remove.isError && <Notice tone="error">{describeError(t, remove.error)}</Notice>}
    </Paper>
  );
}
