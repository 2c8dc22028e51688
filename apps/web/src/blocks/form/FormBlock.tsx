import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, Text } from '@mantine/core';
import type { BlockViewProps } from '../types';
import { formIdOf } from './formUrl';
import { FormView } from './FormView';
import { useScrollToForm } from './useScrollToForm';
import './formStyles';

// The editor (field list, drag and drop) is only for the author composing: readers of a post with a
// form never fetch it (issue 32).
const FormEditor = lazy(() => import('./FormEditor').then((m) => ({ default: m.FormEditor })));

/**
 * The form or poll block (spec §4 Form block). Composing, the author edits the form; reading, the
 * owner sees results and the others answer. The block's url `data/entities/{id}` names the form; the
 * block frame creates it on first load, so a missing url only shows while that happens.
 */
export function FormBlock({ block, mode }: BlockViewProps) {
  const { t } = useTranslation();
  const formId = formIdOf(block.url);
  if (formId === null) {
    return mode === 'edit' ? <Loader role="status" size="sm" aria-label={t('blocks.form.loading')} /> : <Text c="dimmed">{t('blocks.form.missing')}</Text>;
  }
  if (mode !== 'edit') return <FormAnchor formId={formId} />;
  return (
    <Suspense fallback={<Loader role="status" size="sm" aria-label={t('blocks.form.loading')} />}>
      <FormEditor formId={formId} />
    </Suspense>
  );
}

/** The form as readers see it, under the anchor notification emails link to. */
function FormAnchor({ formId }: { formId: number }) {
  const ref = useScrollToForm(formId);
  return (
    <div id={`form-${formId}`} ref={ref}>
      <FormView formId={formId} />
    </div>
  );
}
