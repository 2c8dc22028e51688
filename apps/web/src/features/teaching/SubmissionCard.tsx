import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Textarea, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconArrowRight, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { formatFullName } from '@patio/core/people/displayName';
import { MAX_FEEDBACK_TEXT, type SubmissionLine, type SubmissionReview } from '@patio/core/schemas/classroom';
import { Notice } from '../../ui/Notice';
import { SubmissionStatusBadge } from '../classroom';
import { PersonAvatar } from '../people';
import { describeReviewError, gradeText, isToReview, parseGrade } from './reviewModel';
import { SubmissionFiles } from './SubmissionFiles';
import { useReviewSubmission } from './useTeaching';
import classes from './submissions.module.css';

export interface SubmissionCardProps {
  line: SubmissionLine;
  postId: number;
  /** The task's points; null: a task without points (no grade); undefined: not known here (the server judges). */
  points: number | null | undefined;
  timeZone: string | undefined;
  /** Another student's work waits for review: offer to move there. */
  hasNext: boolean;
  onNext: () => void;
  /** After a return: the screen moves on to the next work to review. */
  onReturned: () => void;
}

/** The field a keyboard lands on when moving to a student: the grade, or the feedback of a task without points. */
export const reviewFieldId = (studentId: number, points: number | null | undefined) => (points === null ? `review-feedback-${studentId}` : `review-grade-${studentId}`);

/**
 * One student's work and its review (issue 35 §4): status, when it came in, the text and files, then
 * a grade from 0 to the task's points and feedback. Enter saves; "Devolver" returns it to the
 * student. What was typed stays when the server refuses it.
 */
export function SubmissionCard({ line, postId, points, timeZone, hasNext, onNext, onReturned }: SubmissionCardProps) {
  const { t, i18n } = useTranslation();
  const studentId = line.student.id;
  const name = formatFullName(line.student) || t('teaching.unnamed');
  const [grade, setGrade] = useState(() => gradeText(line.grade, i18n.language));
  const [feedback, setFeedback] = useState(line.feedback);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<'saved' | 'returned' | null>(null);
  const review = useReviewSubmission(postId, studentId);
  const hasGrade = points !== null;
  const max = points ?? null;

  const save = async (returnIt: boolean) => {
    setDone(null);
    setProblem(null);
    const body: SubmissionReview = { return: returnIt, feedback };
    if (hasGrade) {
      const parsed = parseGrade(grade, max);
      if ('problem' in parsed) {
        setProblem(t(`teaching.review.errors.${parsed.problem}`, { points: max ?? '?' }));
        document.getElementById(`review-grade-${studentId}`)?.focus();
        return;
      }
      if (parsed.grade !== null || line.grade !== null) body.grade = parsed.grade;
    }
    try {
      const saved = await review.mutateAsync(body);
      setGrade(gradeText(saved.grade, i18n.language));
      setFeedback(saved.feedback);
      setDone(returnIt ? 'returned' : 'saved');
      if (returnIt) onReturned();
    } catch (error) {
      setProblem(describeReviewError(t, error, max));
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };
  // In the feedback, Enter starts a new line; Ctrl+Enter (⌘+Enter) saves as Enter does in the grade.
  const handleFeedbackKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save(false);
    }
  };

  const nameId = `submission-${studentId}`;
  return (
    <li className={classes.card} data-to-review={isToReview(line.status)} aria-labelledby={nameId}>
      <div className={classes.cardHead}>
        <PersonAvatar person={line.student} size={36} />
        <h2 id={nameId}>{name}</h2>
        <SubmissionStatusBadge status={line.status} />
      </div>
      {(line.turnedInAt || line.returnedAt) && (
        <p className={classes.meta}>
          {line.turnedInAt && t('teaching.submissions.turnedInAt', { date: formatDateTime(line.turnedInAt, i18n.language, { dateStyle: 'medium', timeZone }) })}
          {line.turnedInAt && line.returnedAt && ' · '}
          {line.returnedAt && t('teaching.submissions.returnedAt', { date: formatDateTime(line.returnedAt, i18n.language, { dateStyle: 'medium', timeZone }) })}
        </p>
      )}
      {line.text.trim() !== '' ? <p className={classes.work}>{line.text}</p> : line.files.length === 0 && <p className={classes.noWork}>{t('teaching.submissions.noWork')}</p>}
      <SubmissionFiles files={line.files} />
      <form className={classes.form} onSubmit={handleSubmit} aria-label={t('teaching.submissions.reviewOf', { name })} noValidate>
        {hasGrade && (
          <TextInput
            id={`review-grade-${studentId}`}
            label={max === null ? t('teaching.submissions.grade') : t('teaching.submissions.gradeOf', { points: max })}
            inputMode="decimal"
            autoComplete="off"
            value={grade}
            onChange={(event) => setGrade(event.currentTarget.value)}
            rightSection={max === null ? undefined : <span aria-hidden="true">{`/ ${max}`}</span>}
            rightSectionWidth={56}
            size="md"
          />
        )}
        <Textarea
          id={`review-feedback-${studentId}`}
          label={t('teaching.submissions.feedback')}
          description={t('teaching.submissions.feedbackHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={feedback}
          maxLength={MAX_FEEDBACK_TEXT}
          onChange={(event) => setFeedback(event.currentTarget.value)}
          onKeyDown={handleFeedbackKey}
          autosize
          minRows={2}
          maxRows={8}
          size="md"
          className={hasGrade ? undefined : classes.wide}
        />
        {problem && (
          <div className={classes.wide}>
            <Notice tone="error">{problem}</Notice>
          </div>
        )}
        <div className={`${classes.buttons} ${classes.wide}`}>
          <Button type="submit" variant="default" leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />} loading={review.isPending && review.variables?.return === false}>
            {t('teaching.submissions.save')}
          </Button>
          <Button type="button" leftSection={<IconArrowBackUp size={18} aria-hidden="true" />} onClick={() => void save(true)} loading={review.isPending && review.variables?.return === true}>
            {t('teaching.submissions.return')}
          </Button>
          {hasNext && (
            <Button type="button" variant="subtle" rightSection={<IconArrowRight size={18} aria-hidden="true" />} onClick={onNext}>
              {t('teaching.submissions.next')}
            </Button>
          )}
          <span role="status" className={classes.saved}>
            {done && <IconCheck size={16} aria-hidden="true" />}
            {done === 'saved' && t('teaching.submissions.saved')}
            {done === 'returned' && t('teaching.submissions.returned', { name })}
          </span>
        </div>
      </form>
    </li>
  );
}
