import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBrandApple, IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import classes from '../../ui/PublicLayout.module.css';

export interface ProviderButtonsProps {
  providers: { google: boolean; office: boolean; apple: boolean };
}

const PROVIDERS = [
  { key: 'google', label: 'login.withGoogle', name: 'Google', icon: IconBrandGoogle },
  { key: 'office', label: 'login.withOffice', name: 'Office 365', icon: IconBrandWindows },
  { key: 'apple', label: 'login.withApple', name: 'Apple', icon: IconBrandApple },
] as const;

/** Google, Office 365 and Apple sign-in, only those the school configured; their flows come later. */
export function ProviderButtons({ providers }: ProviderButtonsProps) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const configured = PROVIDERS.filter((p) => providers[p.key]);
  if (configured.length === 0) return null;

  return (
    <div className={classes.providers}>
      <div className={classes.separator}>{t('login.or')}</div>
      {configured.map(({ key, label, name, icon: ProviderIcon }) => (
        <Button
          key={key}
          variant="default"
          leftIcon={<ProviderIcon size={20} aria-hidden="true" />}
          onClick={() => setNotice(t('login.providerNotAvailable', { provider: name }))}
          fullWidth
        >
          {t(label)}
        </Button>
      ))}
      {notice && <Notice>{notice}</Notice>}
    </div>
  );
}
