import type { Language } from '@patio/core';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';

// The words of a notification around the post itself (email, SMS, push), in the recipient's
// language (es when unknown). Real translations; {placeholders} are filled by notice.render.ts.

export interface NoticeTexts {
  untitled: string;
  urgent: string;
  openThread: string;
  answerForm: string;
  digestSubject: string;
  digestIntro: string;
  footer: string;
}

export const noticeTexts: Record<Language, NoticeTexts> = {
  es: {
    untitled: 'Sin título',
    urgent: 'Urgente',
    openThread: 'Ver en Patio',
    answerForm: 'Responder el formulario',
    digestSubject: '{school}: {count} mensajes nuevos',
    digestIntro: 'Hola {name}, esto llegó a Patio desde tu último resumen:',
    footer: 'Recibes este correo porque eres parte de {school} en Patio. Elige qué te llega y cómo en {link}',
  },
  en: {
    untitled: 'Untitled',
    urgent: 'Urgent',
    openThread: 'Open in Patio',
    answerForm: 'Answer the form',
    digestSubject: '{school}: {count} new messages',
    digestIntro: 'Hello {name}, this arrived in Patio since your last summary:',
    footer: 'You receive this email because you belong to {school} on Patio. Choose what reaches you and how at {link}',
  },
  de: {
    untitled: 'Ohne Titel',
    urgent: 'Dringend',
    openThread: 'In Patio ansehen',
    answerForm: 'Formular ausfüllen',
    digestSubject: '{school}: {count} neue Nachrichten',
    digestIntro: 'Hallo {name}, das kam seit Ihrer letzten Zusammenfassung in Patio an:',
    footer: 'Sie erhalten diese E-Mail, weil Sie in Patio zu {school} gehören. Wählen Sie unter {link}, was Sie wie erreicht',
  },
  fr: {
    untitled: 'Sans titre',
    urgent: 'Urgent',
    openThread: 'Voir dans Patio',
    answerForm: 'Répondre au formulaire',
    digestSubject: '{school} : {count} nouveaux messages',
    digestIntro: 'Bonjour {name}, voici ce qui est arrivé dans Patio depuis votre dernier résumé :',
    footer: 'Vous recevez cet e-mail parce que vous faites partie de {school} sur Patio. Choisissez ce qui vous parvient et comment sur {link}',
  },
  it: {
    untitled: 'Senza titolo',
    urgent: 'Urgente',
    openThread: 'Apri in Patio',
    answerForm: 'Rispondi al modulo',
    digestSubject: '{school}: {count} nuovi messaggi',
    digestIntro: 'Ciao {name}, ecco cosa è arrivato su Patio dal tuo ultimo riepilogo:',
    footer: 'Ricevi questa email perché fai parte di {school} su Patio. Scegli cosa ti arriva e come su {link}',
  },
  pt: {
    untitled: 'Sem título',
    urgent: 'Urgente',
    openThread: 'Ver no Patio',
    answerForm: 'Responder ao formulário',
    digestSubject: '{school}: {count} mensagens novas',
    digestIntro: 'Olá {name}, isto chegou ao Patio desde o seu último resumo:',
    footer: 'Recebe este e-mail porque faz parte de {school} no Patio. Escolha o que lhe chega e como em {link}',
  },
};

/** The dictionary language of a person's stored language tag ('es-CO' → es, 'pt-BR' → pt, unknown → es). */
export function noticeLanguageOf(language: string | null): Language {
  return dictionaryLanguageOf(matchInterfaceLanguage(language));
}

/** The texts of the person's language. */
export function noticeTextsFor(language: string | null): NoticeTexts {
  return noticeTexts[noticeLanguageOf(language)];
}
