import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInId } from '../../app/session/useSignedInId';
import { FormLoadProblem } from './FormLoadProblem';
import { FormOwnerView } from './FormOwnerView';
import { FormReply } from './FormReply';
import { useFormEntity } from './formQueries';
import classes from './form.module.css';

/** The form block in a post card: its title and description, then the owner's results or the reader's reply. */
export function FormView({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const me = useSignedInId();
  const entity = useFormEntity(formId);
  if (!entity.data) return <FormLoadProblem error={entity.error} onRetry={() => void entity.refetch()} />;
  const form = entity.data;
  const hasTitle = form.title.trim() !== '';
  return (
    <section className={classes.block} aria-labelledby={hasTitle ? titleId : undefined} aria-label={hasTitle ? undefined : t('blocks.form.label')}>
      {hasTitle && (
        <h3 id={titleId} className={classes.title}>
          {form.title}
        </h3>
      )}
      {form.description.trim() !== '' && <p className={classes.description}>{form.description}</p>}
      {me !== null && form.ownerId === me ? <FormOwnerView formId={formId} form={form} /> : <FormReply formId={formId} form={form} />}
    </section>
  );
}
