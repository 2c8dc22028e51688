import { forbidden } from '../../../http/errors';
import { formUrl } from '../../blocks/index';
import { countPending, formResults, formStanding } from '../../forms/index';
import type { Figure } from './figure';

// A form's results (issue 36 §2), as GET data/entities/{id}/results counts them, for those who may see
// them there: the form's owner and the school's administrators (decision 013). Anyone else — a reader
// of the form, a form of another school, an id that is no form — gets the same 403, so the block
// tells nobody whether the form exists. The period and group filter do not narrow a form's answers.

const refused = () => forbidden('forbidden_block', 'You may not see the results of this form');

export const formResultsFigure: Figure<'formResults'> = async (ctx, request) => {
  const formId = request.block.options.formId;
  if (formId === null) throw refused();
  const { form, standing } = await formStanding(ctx.db, ctx.caller, formId);
  if (!form || standing !== 'write') throw refused();
  const results = await formResults(ctx, formId);
  const pending = results.audience === null ? null : await countPending(ctx.db, ctx.org.id, formId, formUrl(formId));
  return {
    kind: 'formResults',
    form: { id: form.id, name: form.title },
    answered: results.answered,
    pending,
    fields: results.fields.map((field) => ({
      name: field.name,
      title: field.title,
      type: field.type,
      choices: field.type === 'select' || field.type === 'checkbox' ? field.counts.map((c) => ({ label: c.option, count: c.count })) : null,
      answers: field.answers,
    })),
  };
};
