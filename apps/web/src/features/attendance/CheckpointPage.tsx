import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { ApiError, isNetworkError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PageShell } from '../../ui/PageShell';
import { rollDayOf, todayIn, useSchoolZone } from './attendanceText';
import { RollCall } from './RollCall';
import { useRoll } from './useRoll';
import { withAttendanceTerms } from './withAttendanceTerms';
import './attendanceStyles';

const idOf = (param: string | undefined) => (param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null);

/** /attendance/checkpoint/{nodeId}?date=: the roll of a node for a day (today by default, never a future day). */
export const CheckpointPage = withAttendanceTerms(function CheckpointPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/attendance/admin');
  const nodeId = idOf(useParams().nodeId);
  const zone = useSchoolZone();
  const today = todayIn(zone);
  const [search, setSearch] = useSearchParams();
  const date = rollDayOf(search.get('date'), today);
  const roll = useRoll(nodeId ?? 0, date, nodeId !== null);
  const changeDate = (day: string) => setSearch(day === today ? {} : { date: rollDayOf(day, today) }, { replace: true });

  let body;
  if (nodeId === null) body = <RefusalMessage error={new ApiError(404, null, '')} resource="group" />;
  else if (roll.data && !(roll.error instanceof ApiError)) {
    body = <RollCall key={`${nodeId}-${date}`} nodeId={nodeId} roll={roll.data} today={today} zone={zone} isOfflineCopy={isNetworkError(roll.error) || (roll.isPaused && !roll.isFetchedAfterMount)} onDateChange={changeDate} />;
  } else if (roll.isError) body = <RefusalMessage error={roll.error} onRetry={() => void roll.refetch()} resource="group" />;
  else body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;

  return (
    <PageShell title={roll.data?.checkpoint.node.name ?? t('screens.checkpoint')} onBack={goBack}>
      {body}
    </PageShell>
  );
});
