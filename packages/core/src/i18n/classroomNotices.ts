import type { DictionaryLanguage } from './index';
import { noticeLanguageOf } from './notices';

// The words of the classroom's notices (issue 35): a returned task and the due-date reminder (push,
// email, SMS), and the weekly summary mail to families, in the recipient's language (es when
// unknown). Real translations; {title}, {group}, {grade}, {points}, {due}, {name}, {school},
// {count} and {link} are filled by the server, dates and numbers already written in
// that language. Read by the server only.

export interface ClassroomNoticeTexts {
  returnedTitle: string;
  /** {grade} of {points}. */
  returnedBodyGraded: string;
  returnedBody: string;
  dueSoonTitle: string;
  /** {due}: the due date and time in the school's zone. */
  dueSoonBody: string;
  openTask: string;
  footer: string;
  summarySubject: string;
  summaryIntro: string;
  summaryMissing: string;
  summaryUpcoming: string;
  /** A missing task's line: {title}, {due}. */
  summaryMissingLine: string;
  /** An upcoming task's line: {title}, {due}. */
  summaryUpcomingLine: string;
  /** An upcoming task already turned in. */
  summaryTurnedIn: string;
  summaryMore: string;
  summaryFooter: string;
}

export const classroomNoticeTexts: Record<DictionaryLanguage, ClassroomNoticeTexts> = {
  es: {
    returnedTitle: 'Trabajo devuelto: {title}',
    returnedBodyGraded: 'Tu profesor devolvió tu trabajo en {group} con {grade} de {points} puntos. Ábrelo para leer los comentarios.',
    returnedBody: 'Tu profesor devolvió tu trabajo en {group}. Ábrelo para leer los comentarios.',
    dueSoonTitle: 'Recordatorio: {title}',
    dueSoonBody: 'Se entrega el {due} en {group} y todavía no lo has entregado.',
    openTask: 'Ver la tarea',
    footer: 'Recibes este aviso porque eres estudiante de {group} en {school}. Elige cómo te llegan los avisos en {link}',
    summarySubject: '{school}: resumen semanal de tareas',
    summaryIntro: 'Hola {name}, este es el resumen semanal de las tareas de clase de tu familia.',
    summaryMissing: 'Sin entregar (ya vencieron):',
    summaryUpcoming: 'Para los próximos 7 días:',
    summaryMissingLine: '• {title} — venció el {due}',
    summaryUpcomingLine: '• {title} — se entrega el {due}',
    summaryTurnedIn: '(ya entregada)',
    summaryMore: '… y {count} más en Patio.',
    summaryFooter: 'Recibes este correo porque activaste el resumen semanal para familias en {school}. Puedes apagarlo en {link}',
  },
  en: {
    returnedTitle: 'Work returned: {title}',
    returnedBodyGraded: 'Your teacher returned your work in {group} with {grade} out of {points} points. Open it to read the feedback.',
    returnedBody: 'Your teacher returned your work in {group}. Open it to read the feedback.',
    dueSoonTitle: 'Reminder: {title}',
    dueSoonBody: 'It is due {due} in {group} and you have not turned it in yet.',
    openTask: 'Open the task',
    footer: 'You receive this notice because you are a student of {group} at {school}. Choose how notices reach you at {link}',
    summarySubject: '{school}: weekly classwork summary',
    summaryIntro: "Hello {name}, here is this week's summary of your family's classwork.",
    summaryMissing: 'Missing (past due):',
    summaryUpcoming: 'Due in the next 7 days:',
    summaryMissingLine: '• {title} — was due {due}',
    summaryUpcomingLine: '• {title} — due {due}',
    summaryTurnedIn: '(turned in)',
    summaryMore: '… and {count} more in Patio.',
    summaryFooter: 'You receive this email because you turned on the weekly family summary at {school}. You can turn it off at {link}',
  },
  de: {
    returnedTitle: 'Arbeit zurückgegeben: {title}',
    returnedBodyGraded: 'Deine Lehrkraft hat deine Arbeit in {group} mit {grade} von {points} Punkten zurückgegeben. Öffne sie, um die Rückmeldung zu lesen.',
    returnedBody: 'Deine Lehrkraft hat deine Arbeit in {group} zurückgegeben. Öffne sie, um die Rückmeldung zu lesen.',
    dueSoonTitle: 'Erinnerung: {title}',
    dueSoonBody: 'Abgabe ist am {due} in {group}, und du hast sie noch nicht abgegeben.',
    openTask: 'Aufgabe öffnen',
    footer: 'Du erhältst diesen Hinweis, weil du Schülerin oder Schüler von {group} bei {school} bist. Wie Hinweise dich erreichen, wählst du unter {link}',
    summarySubject: '{school}: Wochenübersicht der Aufgaben',
    summaryIntro: 'Hallo {name}, hier ist die Wochenübersicht der Schulaufgaben Ihrer Familie.',
    summaryMissing: 'Nicht abgegeben (Frist vorbei):',
    summaryUpcoming: 'Fällig in den nächsten 7 Tagen:',
    summaryMissingLine: '• {title} — war fällig am {due}',
    summaryUpcomingLine: '• {title} — fällig am {due}',
    summaryTurnedIn: '(bereits abgegeben)',
    summaryMore: '… und {count} weitere in Patio.',
    summaryFooter: 'Sie erhalten diese E-Mail, weil Sie die wöchentliche Familienübersicht bei {school} eingeschaltet haben. Abschalten können Sie sie unter {link}',
  },
  fr: {
    returnedTitle: 'Travail rendu : {title}',
    returnedBodyGraded: 'Ton enseignant a rendu ton travail en {group} avec {grade} points sur {points}. Ouvre-le pour lire ses commentaires.',
    returnedBody: 'Ton enseignant a rendu ton travail en {group}. Ouvre-le pour lire ses commentaires.',
    dueSoonTitle: 'Rappel : {title}',
    dueSoonBody: 'À remettre le {due} en {group}, et tu ne l’as pas encore remis.',
    openTask: 'Voir le devoir',
    footer: 'Tu reçois cet avis parce que tu es élève de {group} à {school}. Choisis comment les avis te parviennent sur {link}',
    summarySubject: '{school} : résumé hebdomadaire des devoirs',
    summaryIntro: 'Bonjour {name}, voici le résumé hebdomadaire des devoirs de votre famille.',
    summaryMissing: 'Non remis (date passée) :',
    summaryUpcoming: 'À remettre dans les 7 prochains jours :',
    summaryMissingLine: '• {title} — à remettre le {due}',
    summaryUpcomingLine: '• {title} — pour le {due}',
    summaryTurnedIn: '(déjà remis)',
    summaryMore: '… et {count} de plus dans Patio.',
    summaryFooter: 'Vous recevez cet e-mail parce que vous avez activé le résumé hebdomadaire pour les familles chez {school}. Vous pouvez le désactiver sur {link}',
  },
  it: {
    returnedTitle: 'Lavoro restituito: {title}',
    returnedBodyGraded: 'Il tuo insegnante ha restituito il tuo lavoro di {group} con {grade} punti su {points}. Aprilo per leggere i commenti.',
    returnedBody: 'Il tuo insegnante ha restituito il tuo lavoro di {group}. Aprilo per leggere i commenti.',
    dueSoonTitle: 'Promemoria: {title}',
    dueSoonBody: 'La consegna è il {due} in {group} e non l’hai ancora consegnato.',
    openTask: 'Apri il compito',
    footer: 'Ricevi questo avviso perché sei studente di {group} presso {school}. Scegli come ti arrivano gli avvisi su {link}',
    summarySubject: '{school}: riepilogo settimanale dei compiti',
    summaryIntro: 'Ciao {name}, ecco il riepilogo settimanale dei compiti della tua famiglia.',
    summaryMissing: 'Non consegnati (scaduti):',
    summaryUpcoming: 'In scadenza nei prossimi 7 giorni:',
    summaryMissingLine: '• {title} — scaduto il {due}',
    summaryUpcomingLine: '• {title} — scade il {due}',
    summaryTurnedIn: '(già consegnato)',
    summaryMore: '… e altri {count} su Patio.',
    summaryFooter: 'Ricevi questa email perché hai attivato il riepilogo settimanale per le famiglie presso {school}. Puoi disattivarlo su {link}',
  },
  pt: {
    returnedTitle: 'Trabalho devolvido: {title}',
    returnedBodyGraded: 'Seu professor devolveu seu trabalho de {group} com {grade} de {points} pontos. Abra-o para ler os comentários.',
    returnedBody: 'Seu professor devolveu seu trabalho de {group}. Abra-o para ler os comentários.',
    dueSoonTitle: 'Lembrete: {title}',
    dueSoonBody: 'O prazo é {due} em {group} e você ainda não entregou.',
    openTask: 'Ver a tarefa',
    footer: 'Você recebe este aviso porque é aluno de {group} em {school}. Escolha como os avisos chegam a você em {link}',
    summarySubject: '{school}: resumo semanal das tarefas',
    summaryIntro: 'Olá {name}, este é o resumo semanal das tarefas escolares da sua família.',
    summaryMissing: 'Não entregues (prazo vencido):',
    summaryUpcoming: 'Com prazo nos próximos 7 dias:',
    summaryMissingLine: '• {title} — venceu em {due}',
    summaryUpcomingLine: '• {title} — prazo {due}',
    summaryTurnedIn: '(já entregue)',
    summaryMore: '… e mais {count} no Patio.',
    summaryFooter: 'Você recebe este e-mail porque ativou o resumo semanal para famílias em {school}. Você pode desativá-lo em {link}',
  },
};

/** The classroom notice texts of the person's language. */
export function classroomNoticeTextsFor(language: string | null): ClassroomNoticeTexts {
  return classroomNoticeTexts[noticeLanguageOf(language)];
}
