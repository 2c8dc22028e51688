import { matchInterfaceLanguage, dictionaryLanguageOf } from '@patio/core/i18n/index';
import type { Audience, BillingReminder, BillingReminderInput, Language } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { resolveAudience } from '../audiences/index';
import { deliverPost, storedDescription } from '../posts/index';

// The payment reminder (issue 14 §4): a post of type "payment" from billing staff to the families of
// the students with an overdue balance (audience rule `debtor = true`), addressed to their parent-like
// relatives by name, so it is delivered, notified and listed like any post. It
// names no amount and no other family: what each owes is on their own billing screen.

const texts: Record<Language, { title: string; body: string[] }> = {
  es: {
    title: 'Recordatorio de pago',
    body: [
      'Estimada familia:',
      'Según nuestros registros, tiene cobros vencidos pendientes de pago. Puede ver el detalle y pagar en línea en la sección Pagos de Patio, o acercarse a la tesorería del colegio.',
      'Si ya realizó el pago, por favor ignore este mensaje. Gracias.',
    ],
  },
  en: {
    title: 'Payment reminder',
    body: [
      'Dear family,',
      'According to our records, you have overdue charges to pay. You can see the details and pay online in the Payments section of Patio, or visit the school’s treasury.',
      'If you have already paid, please disregard this message. Thank you.',
    ],
  },
  de: {
    title: 'Zahlungserinnerung',
    body: [
      'Liebe Familie,',
      'laut unseren Unterlagen sind Forderungen überfällig. Die Einzelheiten sehen und online bezahlen können Sie im Bereich Zahlungen von Patio oder in der Schulkasse.',
      'Falls Sie bereits bezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos. Vielen Dank.',
    ],
  },
  fr: {
    title: 'Rappel de paiement',
    body: [
      'Chère famille,',
      'D’après nos registres, vous avez des factures échues à régler. Vous pouvez en voir le détail et payer en ligne dans la rubrique Paiements de Patio, ou vous adresser à la comptabilité de l’école.',
      'Si vous avez déjà payé, merci de ne pas tenir compte de ce message.',
    ],
  },
  it: {
    title: 'Promemoria di pagamento',
    body: [
      'Gentile famiglia,',
      'secondo i nostri registri avete addebiti scaduti da pagare. Potete vederne il dettaglio e pagare online nella sezione Pagamenti di Patio, oppure rivolgervi alla segreteria amministrativa della scuola.',
      'Se avete già pagato, ignorate questo messaggio. Grazie.',
    ],
  },
  pt: {
    title: 'Lembrete de pagamento',
    body: [
      'Prezada família,',
      'Segundo os nossos registros, há cobranças vencidas a pagar. Pode ver o detalhe e pagar online na seção Pagamentos do Patio, ou dirigir-se à tesouraria da escola.',
      'Se já efetuou o pagamento, por favor desconsidere esta mensagem. Obrigado.',
    ],
  },
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text paragraphs (blank lines between them) as the post's HTML. */
function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('');
}

/** The school's language: its `language` public setting when it names one of the six, else Spanish. */
function schoolLanguage(settings: Record<string, unknown>): Language {
  const publicSettings = (settings.public ?? {}) as Record<string, unknown>;
  const tag = typeof publicSettings.language === 'string' ? publicSettings.language : null;
  return dictionaryLanguageOf(matchInterfaceLanguage(tag));
}

const DEBTOR_RULE = { field: 'debtor' as const, op: 'eq' as const, args: [true] };

/** POST billing/reminders: 201 with the post and how many received it; 409 `no_debtors` when nobody owes. */
export async function sendPaymentReminder(ctx: RequestContext, input: BillingReminderInput): Promise<BillingReminder> {
  const caller = requireCaller(ctx);
  const defaults = texts[schoolLanguage(ctx.org.settings)];
  const title = input.title ?? defaults.title;
  const description = storedDescription(paragraphs(input.message ? input.message.split(/\n\s*\n/) : defaults.body));
  return ctx.db.transaction().execute(async (trx) => {
    const debtors = await resolveAudience(trx, ctx.org.id, DEBTOR_RULE);
    if (debtors.count === 0) throw new HttpError(409, 'no_debtors', 'No student has an overdue balance: there is nobody to remind');
    // Families only: a dunning letter is for whoever pays, not for the child. The stored audience names
    // exactly those people, so the post's audience and its deliveries agree.
    const students = new Set(debtors.personIds);
    const { personIds } = await resolveAudience(trx, ctx.org.id, DEBTOR_RULE, { includeRelatives: true });
    const recipients = personIds.filter((id) => !students.has(id) && id !== caller.id);
    if (recipients.length === 0) throw new HttpError(409, 'no_debtors', 'No student with an overdue balance has a family to remind');
    const audience: Audience = { people: recipients, rules: null, relatives: false };
    const delivered = await deliverPost(
      trx,
      ctx.services,
      {
        orgId: ctx.org.id, authorId: caller.id, threadId: null, replyToId: null, type: 'payment', title, description,
        settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false },
        audience, quotes: [], expirationDate: null,
      },
      recipients,
    );
    return { postId: delivered.id, recipients: delivered.audienceCount };
  });
}
