// The demo's blocks (issue 10): the 7A museum circular carries its itinerary as an html block and the
// trip authorisation as a poll, which two families have answered already, so the teacher's results
// chart has something to show and the demo parent still has it to answer.
import type { FormField } from '@patio/core';
import { formUrl, htmlUrl } from '../../modules/blocks/block-urls';
import { insertPostBlock } from '../../modules/blocks/blocks.queries';
import { insertHtml } from '../../modules/blocks/html.queries';
import { insertForm } from '../../modules/forms/forms.queries';
import { insertRecord } from '../../modules/forms/records.queries';
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import { sanitizePostHtml } from '../../modules/posts/index';
import { findPostIdByTitle, findStubHolders } from './demo-blocks.queries';
import type { PostsSeedStep } from './demo-posts';

export const museumCircularTitle = 'Salida pedagógica al Museo del Oro';

const itinerary =
  '<h3>Itinerario</h3><ul><li><strong>7:45 a. m.</strong> Llegada al colegio con el uniforme de diario.</li>' +
  '<li><strong>8:00 a. m.</strong> Salida en bus hacia el Museo del Oro.</li><li><strong>9:00 a. m.</strong> Recorrido guiado por las salas.</li>' +
  '<li><strong>1:00 p. m.</strong> Regreso al colegio.</li></ul><p>Cualquier inquietud, escríbanme por este medio.</p>';

export const tripPollFields: FormField[] = [
  { name: 'authorize', type: 'select', title: '¿Autoriza la salida de su hijo(a)?', description: '', options: 'Sí, autorizo la salida\nNo autorizo la salida', order: 1 },
  { name: 'snack', type: 'checkbox', title: 'Enviaré refrigerio y agua', description: '', options: '', order: 2 },
  { name: 'notes', type: 'textarea', title: 'Observaciones', description: 'Alergias, medicamentos o recomendaciones para el día.', options: '', order: 3 },
];

export const demoBlocks: PostsSeedStep = {
  name: 'blocks',
  async run(db, org) {
    const teacher = (await findPersonIdByUsername(db, org.id, 'teacher'))!;
    const parent = await findPersonIdByUsername(db, org.id, 'parent');
    const post = await findPostIdByTitle(db, org.id, teacher, museumCircularTitle);
    if (post === null) return;
    const now = new Date().toISOString();
    const html = await insertHtml(db, { org_id: org.id, owner_id: teacher, body: sanitizePostHtml(itinerary), created_at: now });
    const form = await insertForm(db, {
      org_id: org.id,
      owner_id: teacher,
      title: 'Autorización de la salida',
      description: 'Respondan antes del miércoles, por favor.',
      fields: JSON.stringify(tripPollFields),
      created_at: now,
    });
    await insertPostBlock(db, { org_id: org.id, post_id: post, position: 0, type: 'html', url: htmlUrl(html), options: '{}' });
    await insertPostBlock(db, { org_id: org.id, post_id: post, position: 1, type: 'form', url: formUrl(form), options: '{}' });
    const answers = [
      { authorize: 'Sí, autorizo la salida', snack: 1, notes: 'Es alérgico al maní.' },
      { authorize: 'No autorizo la salida', snack: 0 },
    ];
    const others = (await findStubHolders(db, org.id, post)).filter((id) => id !== parent);
    for (const [i, values] of answers.entries()) {
      if (others[i] === undefined) break;
      await insertRecord(db, { org_id: org.id, form_id: form, person_id: others[i], answered_by: others[i], values: JSON.stringify(values), created_at: now });
    }
  },
};
