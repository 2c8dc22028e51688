import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { rollDayOf, todayIn, useSchoolZone } from './attendanceText';
import { DayPanel } from './DayPanel';
import { MyClasses } from './MyClasses';
import { RatesPanel } from './RatesPanel';
import { teachingGroupsOf } from './teachingGroups';
import { useAttendanceDay } from './useAttendanceAdmin';
import { withAttendanceTerms } from './withAttendanceTerms';
import './attendanceStyles';
import classes from './attendance.module.css';

/**
 * /attendance/admin: a teacher's own groups (each a link to its roll), and for staff who may see the
 * school's attendance the checkpoints of a day (taken or not), who is missing, and rates over a period.
 */
export const AttendanceAdminPage = withAttendanceTerms(function AttendanceAdminPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const zone = useSchoolZone();
  const today = todayIn(zone);
  const [search, setSearch] = useSearchParams();
  const date = rollDayOf(search.get('date'), today);
  const user = useSessionState((s) => s.user);
  const myGroups = teachingGroupsOf(user);
  const day = useAttendanceDay(date);
  // A teacher who may not see the whole school's day still has their own rolls.
  const isRefused = day.error instanceof ApiError && day.error.status === 403;

  let staff;
  if (day.data) {
    staff = (
      <>
        <DayPanel day={day.data} today={today} onDateChange={(d) => setSearch(d === today ? {} : { date: rollDayOf(d, today) }, { replace: true })} />
        <RatesPanel today={today} />
      </>
    );
  } else if (isRefused && myGroups.length > 0) staff = null;
  else if (day.isError) staff = <RefusalMessage error={day.error} onRetry={() => void day.refetch()} resource="admin" />;
  else staff = <Loader role="status" size="sm" aria-label={t('common.loading')} />;

  return (
    <PageShell title={t('screens.attendanceAdmin')} onBack={goBack}>
      <div className={classes.page}>
        {myGroups.length > 0 && <MyClasses groups={myGroups} />}
        {staff}
      </div>
    </PageShell>
  );
});
