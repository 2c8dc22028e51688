import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEntity, FormField, FormInput } from '@patio/core/schemas/blocks';
import { ApiError } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { useDebouncedSave, type DebouncedStatus } from '../useDebouncedSave';
import { formKeys } from './formQueries';

export type SaveStatus = DebouncedStatus;

export interface FormAutosave {
  status: SaveStatus;
  /** Saves the whole form 500 ms after the last call (spec §4 Form autosave). */
  schedule(form: FormInput): void;
  /** Saves `form` now (after a failed save). */
  retry(form: FormInput): void;
  /** Questions the last save would have removed although people answered them (409 `field_has_answers`); null when none. */
  answeredRemovals: FormField[] | null;
  /** Saves `form` now, removing the answered questions all the same (`confirm=true`). */
  confirmRemoval(form: FormInput): void;
  /** Forgets the refused removal: the caller puts the questions back. */
  dismissRemoval(): void;
}

type Save = { form: FormInput; confirm: boolean };

/** The questions a 409 `field_has_answers` names, as the last saved form has them. */
function answeredFieldsOf(error: unknown, saved: FormEntity | undefined): FormField[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'field_has_answers') return null;
  const names = new Set(((error.body as { details?: { path?: unknown }[] } | null)?.details ?? []).map((d) => d.path));
  const fields = (saved?.fields ?? []).filter((f) => names.has(f.name));
  return fields.length > 0 ? fields : null;
}

/**
 * PUT data/entities/{id} with the whole form, 500 ms after the last edit, one save at a time; an edit
 * still waiting when the block closes (the post is published, the screen left) is sent then. The
 * saved form becomes the cached one, so the read view shows it without asking again. A save that would
 * remove answered questions is refused by the server until the author confirms it (answeredRemovals).
 */
export function useFormAutosave(formId: number): FormAutosave {
  const { api } = useServices();
  const client = useQueryClient();
  const [answeredRemovals, setAnsweredRemovals] = useState<FormField[] | null>(null);
  const save = useCallback(
    async ({ form, confirm }: Save) => {
      try {
        const saved = await api.put<FormEntity>(`data/entities/${formId}${confirm ? '?confirm=true' : ''}`, form);
        if (saved && typeof saved === 'object') client.setQueryData(formKeys.entity(formId), saved);
      } catch (error) {
        const answered = answeredFieldsOf(error, client.getQueryData<FormEntity>(formKeys.entity(formId)));
        if (!answered) throw error;
        setAnsweredRemovals(answered);
      }
    },
    [api, client, formId],
  );
  const { status, schedule: scheduleSave, flush } = useDebouncedSave(save);
  const schedule = useCallback((form: FormInput) => scheduleSave({ form, confirm: false }), [scheduleSave]);
  const retry = useCallback(
    (form: FormInput) => {
      scheduleSave({ form, confirm: false });
      void flush();
    },
    [scheduleSave, flush],
  );
  const confirmRemoval = useCallback(
    (form: FormInput) => {
      setAnsweredRemovals(null);
      scheduleSave({ form, confirm: true });
      void flush();
    },
    [scheduleSave, flush],
  );
  const dismissRemoval = useCallback(() => setAnsweredRemovals(null), []);
  // Not saved while the author decides: the state says so rather than "saved".
  return { status: answeredRemovals ? 'pending' : status, schedule, retry, answeredRemovals, confirmRemoval, dismissRemoval };
}
