import { useMatches, useNavigate, useOutlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconClockHour4 } from '@tabler/icons-react';
import { useGoBack } from '../../app/back/useGoBack';
import { deepestHandle } from '../../app/routeHandle';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';

/**
 * The one shared page for every screen a later capability builds: it names the screen, says it comes
 * in a later version and offers a way back. It never shows sample content.
 */
export function NotAvailablePage() {
  const outlet = useOutlet();
  const { t } = useTranslation();
  const matches = useMatches();
  const navigate = useNavigate();
  const goBack = useGoBack();
  // A child route (e.g. a thread under highlights) speaks for itself.
  if (outlet) return outlet;

  const screen = t(`screens.${deepestHandle(matches).screen ?? 'highlights'}`);
  const isHome = matches[matches.length - 1]?.pathname === '/highlights';
  return (
    <PageShell title={screen} onBack={isHome ? undefined : goBack}>
      <StatusMessage
        icon={<IconClockHour4 size={36} />}
        body={t('notAvailable.body', { screen })}
        actions={
          isHome
            ? []
            : [
                { label: t('notAvailable.back'), onClick: goBack },
                { label: t('common.goHome'), onClick: () => void navigate('/highlights') },
              ]
        }
      />
    </PageShell>
  );
}
