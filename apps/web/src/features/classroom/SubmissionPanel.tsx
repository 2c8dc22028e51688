import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { ClassroomPostDetail, Submission, SubmissionInput } from '@patio/core/schemas/classroom';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { ApiError } from '../../app/api/ApiError';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { useServices } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { usePerson } from '../people';
import { gradeText, useFormatMoment } from './classroomText';
import { submissionErrorText } from './submissionErrors';
import { SubmissionEditor } from './SubmissionEditor';
import { SubmissionFiles } from './SubmissionFiles';
import { SubmissionStatusBadge } from './SubmissionStatusBadge';
import { submissionPath, useSaveSubmission } from './useClassroom';
import classes from './classroom.module.css';
import type { SubmissionFile } from './submissionFile';

export interface SubmissionPanelProps {
  post: ClassroomPostDetail & { submission: Submission };
  /** The person of the address (the student, or the relative whose child's work this is). */
  personId: number;
  me: number;
}

const isTurnedIn = (s: Submission) => s.status === 'turned_in' || s.status === 'late';

/** The work as it stands when it cannot be changed here: the text and the files, or that there is none. */
function WorkReadOnly({ submission, onOpen }: { submission: Submission; onOpen?: (file: SubmissionFile) => void }) {
  const { t } = useTranslation();
  if (submission.text.trim() === '' && submission.files.length === 0) return <p className={classes.hint}>{t('classroom.work.nothingYet')}</p>;
  return (
    <>
      {submission.text.trim() !== '' && (
        <div>
          <h3 className={classes.smallHeading}>{t('classroom.work.text')}</h3>
          <p className={classes.plainText}>{submission.text}</p>
        </div>
      )}
      <SubmissionFiles files={submission.files} onOpen={onOpen} />
    </>
  );
}

/**
 * A task's work (issue 35 §4): status, when it was turned in and returned, grade and feedback once
 * returned; the student changes and turns it in (a relative only where the server allows it: POST
 * allowed says so, and a 403 from the turn-in turns the panel read-only).
 */
export function SubmissionPanel({ post, personId, me }: SubmissionPanelProps) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const formatMoment = useFormatMoment();
  const submission = post.submission;
  const isStudent = me === submission.studentId;
  const putPath = `PUT ${submissionPath(submission.studentId, post.groupId, post.id)}`;
  const allowed = useAllowedPaths(isStudent ? [] : [putPath]);
  const [refused, setRefused] = useState(false);
  const canEdit = !refused && (isStudent || allowed?.[putPath] === true);
  const save = useSaveSubmission(personId, post.groupId, post.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Returned work stays as graded until the student chooses to change it and turn it in again.
  const [isReopened, setReopened] = useState(false);
  const student = usePerson(isStudent ? Number.NaN : submission.studentId);
  const studentName = student.data ? formatFullName(student.data) : '';

  const report = (error: unknown) => {
    if (!isStudent && error instanceof ApiError && error.status === 403) setRefused(true);
    setDone(null);
    setProblem(submissionErrorText(t, error, i18n.language));
  };

  const submit = async (input: SubmissionInput): Promise<Submission | null> => {
    setProblem(null);
    try {
      const after = await save.mutateAsync({ studentId: submission.studentId, input });
      setDone(input.turnIn ? t('classroom.work.turnedInDone') : isTurnedIn(submission) ? t('classroom.work.unsubmitted') : t('classroom.work.saved'));
      return after;
    } catch (error) {
      report(error);
      return null;
    }
  };

  // The file's own address (posts/{id}/submissions/{student}/files/{file}) answers everyone who sees the work.
  const open = (file: SubmissionFile) => {
    const { url, token } = store.getState();
    downloadWithToken({ baseUrl: url, token, path: `${file.url}?download=1`, fallbackName: file.name }).catch(() => {
      setDone(null);
      setProblem(t('classroom.errors.openFailed', { name: file.name }));
    });
  };

  const grade = gradeText(t, submission.grade, post.points);
  return (
    <section className={classes.work} aria-labelledby="classroom-work">
      <div className={classes.workHeader}>
        <h2 id="classroom-work" className={classes.sectionTitle}>
          {isStudent ? t('classroom.work.mine') : studentName ? t('classroom.work.studentNamed', { name: studentName }) : t('classroom.work.student')}
        </h2>
        <SubmissionStatusBadge status={submission.status} />
      </div>
      {(submission.turnedInAt || submission.returnedAt) && (
        <dl className={classes.facts}>
          {submission.turnedInAt && (
            <div>
              <dt>{t('classroom.work.turnedInAt')}</dt>
              <dd>{formatMoment(submission.turnedInAt)}</dd>
            </div>
          )}
          {submission.status === 'returned' && submission.returnedAt && (
            <div>
              <dt>{t('classroom.work.returnedAt')}</dt>
              <dd>{formatMoment(submission.returnedAt)}</dd>
            </div>
          )}
        </dl>
      )}
      {submission.status === 'returned' && (
        <div className={classes.review}>
          <p className={classes.grade}>
            <span className={classes.gradeLabel}>{t('classroom.work.grade')}</span>
            <strong>{grade ?? t('classroom.work.noGrade')}</strong>
          </p>
          {submission.feedback.trim() !== '' && (
            <div>
              <h3 className={classes.smallHeading}>{t('classroom.work.feedback')}</h3>
              <p className={classes.plainText}>{submission.feedback}</p>
            </div>
          )}
        </div>
      )}
      {canEdit && !isTurnedIn(submission) && (submission.status !== 'returned' || isReopened) ? (
        <SubmissionEditor
          key={submission.status}
          submission={submission}
          dueDate={post.dueDate}
          uploaderId={me}
          busy={save.isPending}
          onSubmit={submit}
          onProblem={report}
          onOpen={open}
        />
      ) : (
        <>
          <WorkReadOnly submission={submission} onOpen={open} />
          {canEdit && isTurnedIn(submission) && (
            <Button variant="default" className={classes.soloAction} leftSection={<IconArrowBackUp size={18} aria-hidden="true" />} loading={save.isPending} onClick={() => void submit({ turnIn: false })}>
              {t('classroom.work.unsubmit')}
            </Button>
          )}
          {canEdit && submission.status === 'returned' && (
            <Button variant="default" className={classes.soloAction} leftSection={<IconPencil size={18} aria-hidden="true" />} onClick={() => setReopened(true)}>
              {t('classroom.work.reopen')}
            </Button>
          )}
          {!canEdit && !isStudent && <p className={classes.hint}>{t('classroom.work.readOnly')}</p>}
        </>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
      {done && !problem && <Notice>{done}</Notice>}
    </section>
  );
}
