import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect, Text } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { FormEntity, FormRecord } from '@patio/core/schemas/blocks';
import { FORM_SUCCESS_MS } from '@patio/core/constants';
import { useServices } from '../../app/services';
import { FormLoadProblem } from './FormLoadProblem';
import { sortedFields } from './formModel';
import { formKeys, recordsQuery } from './formQueries';
import { RecordAnswers } from './RecordAnswers';
import { ReplyForm } from './ReplyForm';
import { useReplyPeople, type ReplyPerson } from './useReplyPeople';
import classes from './form.module.css';

/**
 * A reader's side of a form (spec §4 Form block): the form to answer, or, once answered, the answers.
 * A parent picks whom they answer for: themselves or one of their children. After a reply the
 * success message stays 5 seconds, then the answers take its place.
 */
export function FormReply({ formId, form }: { formId: number; form: FormEntity }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const client = useQueryClient();
  const { people } = useReplyPeople();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [justSent, setJustSent] = useState<number | null>(null);
  const [alreadyFor, setAlreadyFor] = useState<number | null>(null);
  const records = useQueries({ queries: people.map((p) => recordsQuery(api, formId, p.id)) });

  useEffect(() => {
    if (justSent === null) return undefined;
    const timer = setTimeout(() => setJustSent(null), FORM_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [justSent]);

  const index = Math.max(0, people.findIndex((p) => p.id === chosenId));
  const person: ReplyPerson | undefined = people[index];
  if (!person) return null;
  const query = records[index];
  const record = query?.data?.[0];
  const answered = (i: number) => (records[i]?.data?.length ?? 0) > 0;

  function handleSent(sent: FormRecord) {
    client.setQueryData(formKeys.records(formId, sent.personId), [sent]);
    setAlreadyFor(null);
    setJustSent(sent.personId);
  }

  const personId = person.id;
  function handleAlreadyAnswered() {
    setAlreadyFor(personId);
    void client.invalidateQueries({ queryKey: formKeys.records(formId, personId) });
  }

  const isSuccessShown = justSent === person.id;
  let body;
  if (isSuccessShown) body = null;
  else if (!query || query.isPending) body = <FormLoadProblem error={null} onRetry={() => undefined} />;
  else if (query.isError) body = <FormLoadProblem error={query.error} onRetry={() => void query.refetch()} />;
  else if (record) {
    body = (
      <>
        {alreadyFor === person.id && <Text size="sm">{t('blocks.form.replyErrors.alreadyAnswered')}</Text>}
        <Text fw={600}>{person.isSelf ? t('blocks.form.reply.yourAnswers') : t('blocks.form.reply.answersOf', { name: person.name })}</Text>
        <RecordAnswers fields={sortedFields(form.fields)} values={record.values} />
      </>
    );
  } else {
    body = <ReplyForm key={person.id} formId={formId} form={form} person={person} onSent={handleSent} onAlreadyAnswered={handleAlreadyAnswered} />;
  }

  return (
    <div className={classes.block}>
      {people.length > 1 && (
        <NativeSelect
          label={t('blocks.form.reply.answerFor')}
          value={String(person.id)}
          data={people.map((p, i) => ({
            value: String(p.id),
            label: `${p.isSelf ? t('blocks.form.reply.me') : p.name}${answered(i) ? ` · ${t('blocks.form.reply.answered')}` : ''}`,
          }))}
          onChange={(event) => setChosenId(Number(event.currentTarget.value))}
        />
      )}
      <div role="status" className={isSuccessShown ? classes.success : classes.status}>
        {isSuccessShown && (person.isSelf ? t('blocks.form.reply.success') : t('blocks.form.reply.successFor', { name: person.name }))}
      </div>
      {body}
    </div>
  );
}
