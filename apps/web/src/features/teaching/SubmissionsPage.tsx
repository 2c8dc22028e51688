import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconArrowRight, IconClipboardCheck } from '@tabler/icons-react';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { ZIdText } from '@patio/core/schemas/ids';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { withClassroomTerms } from '../../app/i18n/withClassroomTerms';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSchoolTimeZone } from '../../app/schoolTimeZone';
import { isToReview, nextToReview } from './reviewModel';
import { reviewFieldId, SubmissionCard } from './SubmissionCard';
import { teachingPath } from './teachingPaths';
import { useSubmissions, useTask, useTaskAmongGroups, useTeaching } from './useTeaching';
import teachingClasses from './teaching.module.css';
import classes from './submissions.module.css';
import '../../ui/mantineStyles';

const idOf = (text: string | null | undefined): number | null => {
  const parsed = ZIdText.safeParse(text ?? '');
  return parsed.success ? parsed.data : null;
};

/** Puts the keyboard on a student's review (grade, or feedback) and brings their card into view. */
function focusStudent(studentId: number, points: number | null | undefined): void {
  const field = document.getElementById(reviewFieldId(studentId, points));
  field?.focus({ preventScroll: true });
  field?.closest('li')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
}

/**
 * /teaching/{personId}/posts/{postId}[?group=&student=] (issue 35 §4): every student of the task's
 * group with their work, graded, given feedback and returned one after another from the keyboard.
 */
export const SubmissionsPage = withClassroomTerms(function SubmissionsPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const personId = idOf(params.personId);
  const postId = idOf(params.postId);
  const goBack = useGoBack(teachingPath(personId ?? 0));
  const timeZone = useSchoolTimeZone() ?? undefined;
  const submissions = useSubmissions(postId ?? 0);
  // The task's heading (title, due date, points) needs its group: from the address, else from the
  // dashboard's lists, else from the tasks of the groups the person teaches.
  const teaching = useTeaching(personId ?? 0);
  const known = [...(teaching.data?.upcoming ?? []), ...(teaching.data?.toReview ?? [])].find((item) => item.postId === postId);
  const addressGroup = idOf(search.get('group'));
  const found = useTaskAmongGroups(personId ?? 0, (teaching.data?.groups ?? []).map((g) => g.id), postId ?? 0, addressGroup === null && teaching.isSuccess && !known);
  const groupId = addressGroup ?? known?.groupId ?? found?.groupId ?? null;
  const task = useTask(personId ?? 0, groupId, postId ?? 0);
  const heading = task.data ?? found?.post ?? known ?? null;
  const points = heading ? heading.points : undefined;
  const lines = submissions.data ?? [];
  const currentRef = useRef<number | null>(null);

  const moveTo = (studentId: number | null) => {
    if (studentId === null) return;
    currentRef.current = studentId;
    focusStudent(studentId, points);
  };

  // Opened from the review queue: that student's work first.
  const opened = useRef(false);
  const wanted = idOf(search.get('student'));
  useEffect(() => {
    if (opened.current || !submissions.data || wanted === null) return;
    opened.current = true;
    currentRef.current = wanted;
    focusStudent(wanted, points);
  }, [submissions.data, wanted, points]);

  const title = heading?.title || t('teaching.submissions.screen');
  const toReview = lines.filter((line) => isToReview(line.status)).length;
  const turnedIn = lines.filter((line) => line.status !== 'assigned' && line.status !== 'missing').length;

  let body;
  if (postId === null || personId === null) body = <RefusalMessage error={new ApiError(404, null, 'submissions')} />;
  else if (submissions.isError) body = <RefusalMessage error={submissions.error} onRetry={() => void submissions.refetch()} />;
  else if (!submissions.data) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (lines.length === 0) body = <StatusMessage icon={<IconClipboardCheck size={36} />} title={t('teaching.submissions.noStudentsTitle')} body={t('teaching.submissions.noStudentsBody')} />;
  else {
    const dueDate = heading?.dueDate ?? null;
    const groupName = teaching.data?.groups.find((group) => group.id === groupId)?.name ?? null;
    body = (
      <div className={teachingClasses.page}>
        <section className={classes.summary} aria-labelledby="submissions-task">
          <h2 id="submissions-task">{title}</h2>
          <p className={teachingClasses.muted}>
            {[
              groupName,
              dueDate ? t('teaching.upcoming.due', { date: formatDateTime(dueDate, i18n.language, { dateStyle: 'medium', timeZone }) }) : null,
              points === null ? t('teaching.submissions.noPoints') : points !== undefined ? t('teaching.submissions.points', { count: points }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <div className={classes.summaryActions}>
            <span role="status">{t('teaching.submissions.counts', { count: lines.length, turnedIn, toReview })}</span>
            {toReview > 0 && (
              <Button variant="light" rightSection={<IconArrowRight size={18} aria-hidden="true" />} onClick={() => moveTo(nextToReview(lines, currentRef.current))}>
                {t('teaching.submissions.next')}
              </Button>
            )}
          </div>
        </section>
        <ol className={classes.cards} aria-label={t('teaching.submissions.students')}>
          {lines.map((line) => {
            const next = nextToReview(lines, line.student.id);
            return (
              <SubmissionCard
                key={line.student.id}
                line={line}
                postId={postId}
                points={points}
                timeZone={timeZone}
                hasNext={next !== null}
                onNext={() => moveTo(next)}
                onReturned={() => moveTo(nextToReview(lines.map((l) => (l.student.id === line.student.id ? { ...l, status: 'returned' as const } : l)), line.student.id))}
              />
            );
          })}
        </ol>
      </div>
    );
  }

  return (
    <PageShell title={t('teaching.submissions.screen')} onBack={goBack}>
      {body}
    </PageShell>
  );
});
