import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEntity, FormInput } from '@patio/core/schemas/blocks';
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
}

/**
 * PUT data/entities/{id} with the whole form, 500 ms after the last edit, one save at a time; an edit
 * still waiting when the block closes (the post is published, the screen left) is sent then. The
 * saved form becomes the cached one, so the read view shows it without asking again.
 */
export function useFormAutosave(formId: number): FormAutosave {
  const { api } = useServices();
  const client = useQueryClient();
  const save = useCallback(
    async (form: FormInput) => {
      const saved = await api.put<FormEntity>(`data/entities/${formId}`, form);
      if (saved && typeof saved === 'object') client.setQueryData(formKeys.entity(formId), saved);
    },
    [api, client, formId],
  );
  const { status, schedule, flush } = useDebouncedSave(save);
  const retry = useCallback(
    (form: FormInput) => {
      schedule(form);
      void flush();
    },
    [schedule, flush],
  );
  return { status, schedule, retry };
}
