import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEntity, FormRecord, FormRecordInput } from '@patio/core/schemas/blocks';
import { canSendReply } from '@patio/core/blocks/formRecord';
import { ApiError } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { formKeys, recordsPath } from './formQueries';
import { sortedFields } from './formModel';
import { describeReplyError } from './replyErrors';
import { ReplyField } from './ReplyField';
import type { ReplyPerson } from './useReplyPeople';
import classes from './form.module.css';

type Values = Record<string, string | number>;

/** What POST …/records takes: every checkbox (1 or 0), chosen list items and written texts. */
export function replyBody(form: Pick<FormEntity, 'fields'>, values: Values): FormRecordInput {
  const body: FormRecordInput = {};
  for (const field of form.fields) {
    const value = values[field.name];
    if (field.type === 'checkbox') body[field.name] = value === 1 ? 1 : 0;
    else if (typeof value === 'string' && value.trim() !== '') body[field.name] = value;
  }
  return body;
}

export interface ReplyFormProps {
  formId: number;
  form: FormEntity;
  person: ReplyPerson;
  onSent: (record: FormRecord) => void;
  /** The server already holds an answer of this person (409): show it. */
  onAlreadyAnswered: () => void;
}

/** Spec §5 Form reply: the questions and a send button, disabled while a touched list is left empty. */
export function ReplyForm({ formId, form, person, onSent, onAlreadyAnswered }: ReplyFormProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const fields = sortedFields(form.fields);
  const send = useMutation({
    mutationFn: (body: FormRecordInput) => api.post<FormRecord>(recordsPath(person.id, formId), body),
    onSuccess: onSent,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) onAlreadyAnswered();
      // The form changed while it was open (a question or a choice went): show the current one.
      if (error instanceof ApiError && error.status === 400) void client.invalidateQueries({ queryKey: formKeys.entity(formId) });
    },
  });

  if (fields.length === 0) return <Text c="dimmed">{t('blocks.form.reply.noFields')}</Text>;

  function handleChange(name: string, value: string | number) {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  }

  const canSend = canSendReply(fields, values, touched);
  const label = person.isSelf ? t('blocks.form.reply.label') : t('blocks.form.reply.labelFor', { name: person.name });
  return (
    <form
      className={classes.block}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend && !send.isPending) send.mutate(replyBody(form, values));
      }}
    >
      {fields.map((field, index) => (
        <ReplyField
          key={field.name}
          field={field}
          number={index + 1}
          value={values[field.name]}
          isMissingChoice={field.type === 'select' && touched.has(field.name) && !values[field.name]}
          disabled={send.isPending}
          onChange={(value) => handleChange(field.name, value)}
        />
      ))}
      {send.isError && (
        <Text role="alert" className={classes.error} size="sm">
          {describeReplyError(t, send.error, fields)}
        </Text>
      )}
      <div className={classes.actions}>
        <Button type="submit" disabled={!canSend} loading={send.isPending}>
          {person.isSelf ? t('blocks.form.reply.send') : t('blocks.form.reply.sendFor', { name: person.name })}
        </Button>
      </div>
    </form>
  );
}
