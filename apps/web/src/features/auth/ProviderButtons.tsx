import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBrandApple, IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { SSO_PROVIDER_NAMES, type SsoProvider } from '@patio/core/schemas/singleSignOn';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useServices } from '../../app/services';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import classes from '../../ui/PublicLayout.module.css';
import { providerFailureKey, startProviderSignIn } from './providerSignIn';

export interface ProviderButtonsProps {
  providers: Record<SsoProvider, boolean>;
  /** Where to go once signed in. */
  next: string;
}

const PROVIDERS = [
  { key: 'google', label: 'login.withGoogle', icon: IconBrandGoogle },
  { key: 'office', label: 'login.withOffice', icon: IconBrandWindows },
  { key: 'apple', label: 'login.withApple', icon: IconBrandApple },
] as const;

/** Google, Office 365 and Apple sign-in, only those the school offers (GET vue/settings `signIn`). */
export function ProviderButtons({ providers, next }: ProviderButtonsProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [busy, setBusy] = useState<SsoProvider | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const configured = PROVIDERS.filter((p) => providers[p.key]);
  if (configured.length === 0) return null;

  async function handleClick(provider: SsoProvider): Promise<void> {
    setBusy(provider);
    setFailure(null);
    try {
      await startProviderSignIn(api, provider, next);
    } catch (caught) {
      setFailure(caught instanceof ApiError ? t(providerFailureKey(caught), { provider: SSO_PROVIDER_NAMES[provider] }) : describeError(t, caught));
      setBusy(null);
    }
  }

  return (
    <div className={classes.providers}>
      <div className={classes.separator}>{t('login.or')}</div>
      {configured.map(({ key, label, icon: ProviderIcon }) => (
        <Button
          key={key}
          variant="default"
          leftIcon={<ProviderIcon size={20} aria-hidden="true" />}
          loading={busy === key}
          disabled={busy !== null && busy !== key}
          onClick={() => void handleClick(key)}
          fullWidth
        >
          {t(label)}
        </Button>
      ))}
      {busy && (
        <p className={classes.status} role="status">
          {t('sso.redirecting', { provider: SSO_PROVIDER_NAMES[busy] })}
        </p>
      )}
      {failure && <Notice tone="error">{failure}</Notice>}
    </div>
  );
}
