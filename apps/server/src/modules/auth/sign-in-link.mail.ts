import type { Language } from '@patio/core';
import { type MailTemplate, renderMail } from '../../platform/mail/mail-template';

// The sign-in link mail in the person's language (es when unknown): whose account it opens, the
// one-time link and how long it works. {name}, {school} and {link} are filled in; real
// translations, not copies of English.

const templates: Record<Language, MailTemplate> = {
  es: {
    subject: 'Tu enlace para entrar a {school}',
    body: 'Hola:\n\nPediste un enlace para entrar a la cuenta de {name} en {school}. Ábrelo en este dispositivo:\n\n{link}\n\nEl enlace sirve una sola vez y vence en 15 minutos.\n\nSi no lo pediste tú, ignora este mensaje: nadie puede entrar sin abrir el enlace.',
  },
  en: {
    subject: 'Your link to sign in to {school}',
    body: 'Hello,\n\nYou asked for a link to sign in to the account of {name} at {school}. Open it on this device:\n\n{link}\n\nThe link works once and expires in 15 minutes.\n\nIf you did not ask for this, ignore this message: nobody can sign in without opening the link.',
  },
  de: {
    subject: 'Ihr Anmeldelink für {school}',
    body: 'Hallo,\n\nSie haben einen Link angefordert, um sich beim Konto von {name} bei {school} anzumelden. Öffnen Sie ihn auf diesem Gerät:\n\n{link}\n\nDer Link funktioniert nur einmal und ist 15 Minuten gültig.\n\nFalls Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ohne den Link kann sich niemand anmelden.',
  },
  fr: {
    subject: 'Votre lien de connexion à {school}',
    body: "Bonjour,\n\nVous avez demandé un lien pour vous connecter au compte de {name} chez {school}. Ouvrez-le sur cet appareil :\n\n{link}\n\nLe lien ne fonctionne qu'une fois et expire dans 15 minutes.\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : personne ne peut se connecter sans ouvrir le lien.",
  },
  it: {
    subject: 'Il tuo link per accedere a {school}',
    body: "Ciao,\n\nhai chiesto un link per accedere all'account di {name} presso {school}. Aprilo su questo dispositivo:\n\n{link}\n\nIl link funziona una sola volta e scade tra 15 minuti.\n\nSe non l'hai chiesto tu, ignora questo messaggio: nessuno può accedere senza aprire il link.",
  },
  pt: {
    subject: 'O seu link para entrar em {school}',
    body: 'Olá,\n\npediu um link para entrar na conta de {name} em {school}. Abra-o neste dispositivo:\n\n{link}\n\nO link funciona uma única vez e expira dentro de 15 minutos.\n\nSe não foi você que pediu, ignore esta mensagem: ninguém consegue entrar sem abrir o link.',
  },
};

export interface SignInLinkMailValues {
  name: string;
  school: string;
  link: string;
}

/** Subject and text of the sign-in link mail in `language` (es when unknown). */
export function signInLinkMail(language: string | null, values: SignInLinkMailValues): { subject: string; text: string } {
  return renderMail(templates, language, { ...values });
}

export const signInLinkMailLanguages = Object.keys(templates) as Language[];
