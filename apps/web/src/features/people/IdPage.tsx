import { useTranslation } from 'react-i18next';
import { Loader, Stack } from '@mantine/core';
import { IconId, IconWifiOff } from '@tabler/icons-react';
import { isNetworkError } from '../../app/api/ApiError';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { IdCard } from './IdCard';
import { useIdCards } from './useIdCards';
import classes from './IdCard.module.css';
import '../../ui/mantineStyles';

/**
 * /id (issue 36 §3): the signed-in student's school ID card with the day's QR code, or each child's
 * for a relative. Once read it keeps working offline for the rest of the day (useIdCards).
 */
export const IdPage = withDirectoryTerms(function IdPage() {
  const { t } = useTranslation();
  const personId = useSignedInId();
  const cards = useIdCards(personId);
  const isOfflineCopy = cards.data !== undefined && (isNetworkError(cards.error) || (cards.isPaused && !cards.isFetchedAfterMount));

  let body;
  if (cards.data && cards.data.length > 0) {
    body = (
      <Stack gap="md">
        {isOfflineCopy && (
          <p className={classes.offline} role="status">
            <IconWifiOff size={16} aria-hidden="true" /> {t('schoolId.offlineCopy')}
          </p>
        )}
        <ul className={classes.cardList} aria-label={t('schoolId.listLabel', { count: cards.data.length })}>
          {cards.data.map((card) => (
            <li key={card.person.id}>
              <IdCard person={card.person} code={card.code} />
            </li>
          ))}
        </ul>
      </Stack>
    );
  } else if (cards.data) {
    body = <StatusMessage icon={<IconId size={36} />} title={t('schoolId.noneTitle')} body={t('schoolId.noneBody')} />;
  } else if (isNetworkError(cards.error) || cards.isPaused) {
    body = <StatusMessage icon={<IconWifiOff size={36} />} title={t('schoolId.offlineTitle')} body={t('schoolId.offlineBody')} actions={[{ label: t('common.retry'), onClick: () => void cards.refetch() }]} />;
  } else if (cards.isError) {
    body = <RefusalMessage error={cards.error} onRetry={() => void cards.refetch()} resource="person" />;
  } else {
    body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  }

  return <PageShell title={t('screens.id')}>{body}</PageShell>;
});
