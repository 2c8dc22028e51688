import type { DictionaryLanguage } from './index';
import { noticeLanguageOf } from './notices';

// The words the server says about extracurricular activities (issue 37): the notice of a freed place
// offered to a waiting family (push, email, SMS) and the name of an activity's debits in billing, in
// the recipient's (for debits, the school's) language, es when unknown. Real translations; {activity},
// {student}, {until}, {school}, {link} and {period} are filled by the server, the date already written in
// that language. Read by the server only.

export interface ActivityNoticeTexts {
  offeredTitle: string;
  /** {student}, {activity}, {until}: the offer's end in the school's zone. */
  offeredBody: string;
  confirmPlace: string;
  footer: string;
  /** The charge line of an activity's debit: {activity}, {period} (the debit itself is named "{activity} — {period}"). */
  debitConcept: string;
}

export const activityNoticeTexts: Record<DictionaryLanguage, ActivityNoticeTexts> = {
  es: {
    offeredTitle: 'Hay un cupo para {student} en {activity}',
    offeredBody: 'Se liberó un cupo en {activity} y {student} es el siguiente de la lista de espera. Confírmalo antes del {until}; si no, pasa a la siguiente familia.',
    confirmPlace: 'Confirmar el cupo',
    footer: 'Recibes este aviso porque {student} está en la lista de espera de {activity} en {school}. Elige cómo te llegan los avisos en {link}',
    debitConcept: 'Actividad extracurricular: {activity} — {period}',
  },
  en: {
    offeredTitle: 'A place for {student} in {activity}',
    offeredBody: 'A place in {activity} is free and {student} is next on the waiting list. Confirm it before {until}; otherwise it goes to the next family.',
    confirmPlace: 'Confirm the place',
    footer: 'You receive this notice because {student} is on the waiting list of {activity} at {school}. Choose how notices reach you at {link}',
    debitConcept: 'Extracurricular activity: {activity} — {period}',
  },
  de: {
    offeredTitle: 'Ein Platz für {student} in {activity}',
    offeredBody: 'In {activity} ist ein Platz frei geworden, und {student} steht als Nächstes auf der Warteliste. Bestätigen Sie ihn bis {until}; sonst geht er an die nächste Familie.',
    confirmPlace: 'Platz bestätigen',
    footer: 'Sie erhalten diesen Hinweis, weil {student} auf der Warteliste von {activity} bei {school} steht. Wie Hinweise Sie erreichen, wählen Sie unter {link}',
    debitConcept: 'Außerschulische Aktivität: {activity} — {period}',
  },
  fr: {
    offeredTitle: 'Une place pour {student} en {activity}',
    offeredBody: 'Une place s’est libérée en {activity} et {student} est le suivant sur la liste d’attente. Confirmez-la avant le {until} ; sinon, elle passe à la famille suivante.',
    confirmPlace: 'Confirmer la place',
    footer: 'Vous recevez cet avis parce que {student} est sur la liste d’attente de {activity} à {school}. Choisissez comment les avis vous parviennent sur {link}',
    debitConcept: 'Activité périscolaire : {activity} — {period}',
  },
  it: {
    offeredTitle: 'Un posto per {student} in {activity}',
    offeredBody: 'Si è liberato un posto in {activity} e {student} è il prossimo della lista d’attesa. Confermalo entro il {until}; altrimenti passa alla famiglia successiva.',
    confirmPlace: 'Conferma il posto',
    footer: 'Ricevi questo avviso perché {student} è nella lista d’attesa di {activity} presso {school}. Scegli come ti arrivano gli avvisi su {link}',
    debitConcept: 'Attività extrascolastica: {activity} — {period}',
  },
  pt: {
    offeredTitle: 'Uma vaga para {student} em {activity}',
    offeredBody: 'Abriu uma vaga em {activity} e {student} é o próximo da lista de espera. Confirme-a até {until}; caso contrário, ela passa para a próxima família.',
    confirmPlace: 'Confirmar a vaga',
    footer: 'Você recebe este aviso porque {student} está na lista de espera de {activity} em {school}. Escolha como os avisos chegam a você em {link}',
    debitConcept: 'Atividade extracurricular: {activity} — {period}',
  },
};

/** The activity texts of a language (es when unknown). */
export function activityNoticeTextsFor(language: string | null): ActivityNoticeTexts {
  return activityNoticeTexts[noticeLanguageOf(language)];
}
