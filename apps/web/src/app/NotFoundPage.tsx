import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconMapSearch } from '@tabler/icons-react';
import { PageShell } from '../ui/PageShell';
import { StatusMessage } from '../ui/StatusMessage';
import { useGoBack } from './back/useGoBack';

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  return (
    <PageShell title={t('notFound.title')} onBack={goBack}>
      <StatusMessage
        icon={<IconMapSearch size={36} />}
        body={t('notFound.body', { path: pathname })}
        actions={[{ label: t('common.goHome'), onClick: () => navigate('/highlights') }]}
      />
    </PageShell>
  );
}
