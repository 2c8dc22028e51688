import type { DictionaryLanguage } from './index';

// The words of the "absence" post a family receives when a student is marked absent or late, and of
// the same post once the mark is corrected (issue 15; docs/decisions/021-attendance.md). Real
// translations; {student}, {node}, {day}, {teacher} and {note} are filled by the server. Phrased
// without the student's gender, which the school may not have recorded.

export interface AttendanceAlertTexts {
  /** Intl locale for the day ("lunes, 3 de marzo de 2026"). */
  locale: string;
  absentTitle: string;
  lateTitle: string;
  absentBody: string;
  lateBody: string;
  /** The marker's note, when there is one. */
  note: string;
  replyHint: string;
  correctedTitle: string;
  /** The mark was corrected to present. */
  correctedPresent: string;
  /** The mark was corrected to excused. */
  correctedExcused: string;
  correctedFooter: string;
}

/** The absence alert's texts in the six dictionary languages. */
export const attendanceAlertTexts: Record<DictionaryLanguage, AttendanceAlertTexts> = {
  es: {
    locale: 'es-CO',
    absentTitle: 'Ausencia: {student}',
    lateTitle: 'Llegada tarde: {student}',
    absentBody: 'Se registró la ausencia de {student} en {node} el {day}.',
    lateBody: 'Se registró la llegada tarde de {student} a {node} el {day}.',
    note: 'Nota de {teacher}: {note}',
    replyHint: 'Si conoces el motivo, responde a este mensaje: el colegio verá tu respuesta en la lista de asistencia.',
    correctedTitle: 'Asistencia corregida: {student}',
    correctedPresent: 'Se corrigió la asistencia de {student} en {node} el {day}: estuvo presente.',
    correctedExcused: 'Se corrigió la asistencia de {student} en {node} el {day}: la falta quedó justificada.',
    correctedFooter: 'Por favor ignora el aviso anterior.',
  },
  en: {
    locale: 'en',
    absentTitle: 'Absence: {student}',
    lateTitle: 'Late arrival: {student}',
    absentBody: '{student} was recorded as absent from {node} on {day}.',
    lateBody: '{student} was recorded as arriving late to {node} on {day}.',
    note: 'Note from {teacher}: {note}',
    replyHint: 'If you know the reason, reply to this message: the school will see your answer on the roll.',
    correctedTitle: 'Attendance corrected: {student}',
    correctedPresent: "{student}'s attendance at {node} on {day} was corrected: present.",
    correctedExcused: "{student}'s attendance at {node} on {day} was corrected: the absence is excused.",
    correctedFooter: 'Please disregard the earlier notice.',
  },
  de: {
    locale: 'de',
    absentTitle: 'Abwesenheit: {student}',
    lateTitle: 'Verspätung: {student}',
    absentBody: 'Für {student} wurde am {day} in {node} eine Abwesenheit eingetragen.',
    lateBody: 'Für {student} wurde am {day} in {node} eine Verspätung eingetragen.',
    note: 'Notiz von {teacher}: {note}',
    replyHint: 'Wenn Sie den Grund kennen, antworten Sie auf diese Nachricht: Die Schule sieht Ihre Antwort in der Anwesenheitsliste.',
    correctedTitle: 'Anwesenheit korrigiert: {student}',
    correctedPresent: 'Die Anwesenheit von {student} am {day} in {node} wurde korrigiert: anwesend.',
    correctedExcused: 'Die Anwesenheit von {student} am {day} in {node} wurde korrigiert: die Abwesenheit ist entschuldigt.',
    correctedFooter: 'Bitte betrachten Sie die vorherige Mitteilung als gegenstandslos.',
  },
  fr: {
    locale: 'fr',
    absentTitle: 'Absence : {student}',
    lateTitle: 'Retard : {student}',
    absentBody: 'Une absence de {student} a été enregistrée en {node} le {day}.',
    lateBody: 'Un retard de {student} a été enregistré en {node} le {day}.',
    note: 'Note de {teacher} : {note}',
    replyHint: "Si vous en connaissez la raison, répondez à ce message : l'école verra votre réponse sur la feuille d'appel.",
    correctedTitle: 'Présence corrigée : {student}',
    correctedPresent: 'La présence de {student} en {node} le {day} a été corrigée : présent·e.',
    correctedExcused: "La présence de {student} en {node} le {day} a été corrigée : l'absence est justifiée.",
    correctedFooter: "Merci de ne pas tenir compte de l'avis précédent.",
  },
  it: {
    locale: 'it',
    absentTitle: 'Assenza: {student}',
    lateTitle: 'Ritardo: {student}',
    absentBody: "È stata registrata un'assenza di {student} in {node} il {day}.",
    lateBody: 'È stato registrato un ritardo di {student} in {node} il {day}.',
    note: 'Nota di {teacher}: {note}',
    replyHint: 'Se conosci il motivo, rispondi a questo messaggio: la scuola vedrà la tua risposta nel registro delle presenze.',
    correctedTitle: 'Presenza corretta: {student}',
    correctedPresent: 'La presenza di {student} in {node} il {day} è stata corretta: presente.',
    correctedExcused: "La presenza di {student} in {node} il {day} è stata corretta: l'assenza è giustificata.",
    correctedFooter: "Si prega di non tenere conto dell'avviso precedente.",
  },
  pt: {
    locale: 'pt',
    absentTitle: 'Falta: {student}',
    lateTitle: 'Atraso: {student}',
    absentBody: 'Foi registrada uma falta de {student} em {node} no dia {day}.',
    lateBody: 'Foi registrado um atraso de {student} em {node} no dia {day}.',
    note: 'Nota de {teacher}: {note}',
    replyHint: 'Se souber o motivo, responda a esta mensagem: a escola verá sua resposta na lista de presença.',
    correctedTitle: 'Presença corrigida: {student}',
    correctedPresent: 'A presença de {student} em {node} no dia {day} foi corrigida: presente.',
    correctedExcused: 'A presença de {student} em {node} no dia {day} foi corrigida: a falta foi justificada.',
    correctedFooter: 'Por favor, desconsidere o aviso anterior.',
  },
};

/** Column titles of the attendance report's CSV. */
export interface AttendanceCsvTexts {
  group: string;
  student: string;
  present: string;
  absent: string;
  late: string;
  excused: string;
  rate: string;
  fileName: string;
}

/** The attendance CSV's column titles in the six dictionary languages. */
export const attendanceCsvTexts: Record<DictionaryLanguage, AttendanceCsvTexts> = {
  es: { group: 'Grupo', student: 'Estudiante', present: 'Presente', absent: 'Ausente', late: 'Tarde', excused: 'Excusado', rate: 'Asistencia (%)', fileName: 'asistencia' },
  en: { group: 'Group', student: 'Student', present: 'Present', absent: 'Absent', late: 'Late', excused: 'Excused', rate: 'Attendance (%)', fileName: 'attendance' },
  de: { group: 'Gruppe', student: 'Schüler/in', present: 'Anwesend', absent: 'Abwesend', late: 'Verspätet', excused: 'Entschuldigt', rate: 'Anwesenheit (%)', fileName: 'anwesenheit' },
  fr: { group: 'Groupe', student: 'Élève', present: 'Présent', absent: 'Absent', late: 'En retard', excused: 'Excusé', rate: 'Présence (%)', fileName: 'presence' },
  it: { group: 'Gruppo', student: 'Studente', present: 'Presente', absent: 'Assente', late: 'In ritardo', excused: 'Giustificato', rate: 'Presenza (%)', fileName: 'presenze' },
  pt: { group: 'Grupo', student: 'Estudante', present: 'Presente', absent: 'Ausente', late: 'Atrasado', excused: 'Justificado', rate: 'Presença (%)', fileName: 'presenca' },
};
