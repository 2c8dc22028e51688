import { dictionaryLanguageOf, matchInterfaceLanguage, type DictionaryLanguage } from './index';

// The words of a notification around the post itself (email, SMS, push), in the recipient's
// language (es when unknown). Real translations; {placeholders} are filled by the server's
// notifications/notice.render.ts. Read by the server only: the web app never loads them.

export interface NoticeTexts {
  untitled: string;
  urgent: string;
  openThread: string;
  answerForm: string;
  digestSubject: string;
  digestIntro: string;
  footer: string;
}

export const noticeTexts: Record<DictionaryLanguage, NoticeTexts> = {
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
export function noticeLanguageOf(language: string | null): DictionaryLanguage {
  return dictionaryLanguageOf(matchInterfaceLanguage(language));
}

/** The texts of the person's language. */
export function noticeTextsFor(language: string | null): NoticeTexts {
  return noticeTexts[noticeLanguageOf(language)];
}

// The words of a personal notice (email, SMS, push), in the recipient's language (es when unknown).
// Real translations; {route}, {stop}, {minutes}, {distance}, {school} and {link} are filled
// by the server's notifications/personal-notice.render.ts, with the numbers already written in that language.

export interface PersonalNoticeTexts {
  approachingTitle: string;
  /** {minutes}: "5 min", {distance}: "1,2 km". */
  approachingBody: string;
  /** One minute or less away. */
  approachingNow: string;
  approachingFooter: string;
  delayedTitle: string;
  delayedBody: string;
  delayedBodyAt: string;
  delayedFooter: string;
  openMap: string;
  /** A stop without a name. */
  yourStop: string;
}

export const personalNoticeTexts: Record<DictionaryLanguage, PersonalNoticeTexts> = {
  es: {
    approachingTitle: '{route}: el bus se acerca',
    approachingBody: 'Llegará a {stop} en unos {minutes} (a {distance}).',
    approachingNow: 'Está por llegar a {stop} (a {distance}).',
    approachingFooter: 'Recibes este aviso porque lo pediste en el mapa de la ruta en {school}. Cámbialo o apágalo allí; elige cómo te llegan los avisos en {link}',
    delayedTitle: '{route}: el bus va con retraso',
    delayedBody: 'Va unos {minutes} tarde.',
    delayedBodyAt: 'Va unos {minutes} tarde, cerca de {stop}.',
    delayedFooter: 'Recibes este aviso porque alguien de tu familia va en esta ruta de {school}. Elige cómo te llegan los avisos en {link}',
    openMap: 'Ver el bus en el mapa',
    yourStop: 'tu parada',
  },
  en: {
    approachingTitle: '{route}: the bus is approaching',
    approachingBody: 'It should reach {stop} in about {minutes} ({distance} away).',
    approachingNow: 'It is about to reach {stop} ({distance} away).',
    approachingFooter: "You receive this alert because you asked for it on the route's map at {school}. Change or turn it off there; choose how alerts reach you at {link}",
    delayedTitle: '{route}: the bus is running late',
    delayedBody: 'It is running about {minutes} late.',
    delayedBodyAt: 'It is running about {minutes} late, near {stop}.',
    delayedFooter: 'You receive this notice because someone in your family rides this route at {school}. Choose how notices reach you at {link}',
    openMap: 'See the bus on the map',
    yourStop: 'your stop',
  },
  de: {
    approachingTitle: '{route}: Der Bus kommt bald',
    approachingBody: 'Er erreicht {stop} in etwa {minutes} (noch {distance}).',
    approachingNow: 'Er erreicht gleich {stop} (noch {distance}).',
    approachingFooter: 'Sie erhalten diesen Hinweis, weil Sie ihn auf der Karte der Route bei {school} eingerichtet haben. Dort können Sie ihn ändern oder abschalten; wie Hinweise Sie erreichen, wählen Sie unter {link}',
    delayedTitle: '{route}: Der Bus hat Verspätung',
    delayedBody: 'Er ist etwa {minutes} zu spät.',
    delayedBodyAt: 'Er ist etwa {minutes} zu spät, in der Nähe von {stop}.',
    delayedFooter: 'Sie erhalten diesen Hinweis, weil jemand aus Ihrer Familie diese Route bei {school} fährt. Wie Hinweise Sie erreichen, wählen Sie unter {link}',
    openMap: 'Bus auf der Karte ansehen',
    yourStop: 'Ihre Haltestelle',
  },
  fr: {
    approachingTitle: '{route} : le bus approche',
    approachingBody: 'Il devrait arriver à {stop} dans environ {minutes} (à {distance}).',
    approachingNow: 'Il arrive à {stop} (à {distance}).',
    approachingFooter: "Vous recevez cette alerte parce que vous l'avez demandée sur la carte de la ligne chez {school}. Modifiez-la ou désactivez-la là-bas ; choisissez comment les alertes vous parviennent sur {link}",
    delayedTitle: '{route} : le bus a du retard',
    delayedBody: 'Il a environ {minutes} de retard.',
    delayedBodyAt: 'Il a environ {minutes} de retard, près de {stop}.',
    delayedFooter: 'Vous recevez cet avis parce que quelqu’un de votre famille prend cette ligne chez {school}. Choisissez comment les avis vous parviennent sur {link}',
    openMap: 'Voir le bus sur la carte',
    yourStop: 'votre arrêt',
  },
  it: {
    approachingTitle: '{route}: lo scuolabus si avvicina',
    approachingBody: 'Dovrebbe arrivare a {stop} tra circa {minutes} (a {distance}).',
    approachingNow: 'Sta per arrivare a {stop} (a {distance}).',
    approachingFooter: "Ricevi questo avviso perché l'hai chiesto sulla mappa della linea di {school}. Modificalo o disattivalo lì; scegli come ti arrivano gli avvisi su {link}",
    delayedTitle: '{route}: lo scuolabus è in ritardo',
    delayedBody: 'È in ritardo di circa {minutes}.',
    delayedBodyAt: 'È in ritardo di circa {minutes}, vicino a {stop}.',
    delayedFooter: 'Ricevi questo avviso perché qualcuno della tua famiglia usa questa linea di {school}. Scegli come ti arrivano gli avvisi su {link}',
    openMap: 'Vedi lo scuolabus sulla mappa',
    yourStop: 'la tua fermata',
  },
  pt: {
    approachingTitle: '{route}: o ônibus está chegando',
    approachingBody: 'Deve chegar a {stop} em cerca de {minutes} (a {distance}).',
    approachingNow: 'Está quase chegando a {stop} (a {distance}).',
    approachingFooter: 'Você recebe este aviso porque o pediu no mapa da rota em {school}. Altere-o ou desative-o lá; escolha como os avisos chegam a você em {link}',
    delayedTitle: '{route}: o ônibus está atrasado',
    delayedBody: 'Está cerca de {minutes} atrasado.',
    delayedBodyAt: 'Está cerca de {minutes} atrasado, perto de {stop}.',
    delayedFooter: 'Você recebe este aviso porque alguém da sua família usa esta rota em {school}. Escolha como os avisos chegam a você em {link}',
    openMap: 'Ver o ônibus no mapa',
    yourStop: 'seu ponto',
  },
};

/** The personal notice texts of the person's language. */
export function personalNoticeTextsFor(language: string | null): PersonalNoticeTexts {
  return personalNoticeTexts[noticeLanguageOf(language)];
}
