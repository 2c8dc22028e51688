import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import type { FormEntity } from '@patio/core/schemas/blocks';
import { formatPersonName } from '@patio/core/people/displayName';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { FormLoadProblem } from './FormLoadProblem';
import { sortedFields } from './formModel';
import { PersonLine } from './PersonLine';
import { RecordAnswers } from './RecordAnswers';
import { useFormAnswers } from './ownerQueries';
import classes from './form.module.css';

/** Answers per person, newest pages on demand; a parent's answer for a child says who sent it. */
export function AnswersList({ formId, form }: { formId: number; form: FormEntity }) {
  const { t, i18n } = useTranslation();
  const answers = useFormAnswers(formId);
  if (!answers.data) return <FormLoadProblem error={answers.error} onRetry={() => void answers.refetch()} />;
  const items = answers.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <Text c="dimmed">{t('blocks.form.owner.noAnswers')}</Text>;
  const fields = sortedFields(form.fields);
  return (
    <>
      <ul className={classes.people} aria-label={t('blocks.form.owner.answers')}>
        {items.map((answer) => {
          const sentBy = answer.answeredBy.id !== answer.person.id ? t('blocks.form.owner.sentBy', { name: formatPersonName(answer.answeredBy) }) : null;
          const when = formatDateTime(answer.createdAt, i18n.language, { dateStyle: 'medium' });
          return (
            <li key={answer.person.id}>
              <PersonLine person={answer.person} meta={sentBy ? `${when} · ${sentBy}` : when} />
              <RecordAnswers fields={fields} values={answer.values} className={classes.answerValues} />
            </li>
          );
        })}
      </ul>
      {answers.hasNextPage && (
        <Button variant="default" loading={answers.isFetchingNextPage} onClick={() => void answers.fetchNextPage()}>
          {t('blocks.form.owner.more')}
        </Button>
      )}
    </>
  );
}
