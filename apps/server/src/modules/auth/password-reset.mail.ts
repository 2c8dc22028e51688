import type { Language } from '@patio/core';
import { type MailTemplate, renderMail } from '../../platform/mail/mail-template';

// The password-reset mail in the person's language (es when unknown): the one-time link, the
// username it is for and how long it works. {name}, {school}, {username} and {link} are filled in;
// real translations, not copies of English.

const templates: Record<Language, MailTemplate> = {
  es: {
    subject: 'Crea una contraseña nueva para {school}',
    body: 'Hola {name}:\n\nRecibimos una solicitud para crear una contraseña nueva para tu cuenta de {school} (usuario: {username}). Para hacerlo, abre este enlace:\n\n{link}\n\nEl enlace sirve una sola vez y vence en 1 hora. Al crear la contraseña entrarás de inmediato.\n\nSi no lo pediste tú, ignora este mensaje: tu contraseña actual sigue igual.',
  },
  en: {
    subject: 'Choose a new password for {school}',
    body: 'Hello {name},\n\nWe received a request to choose a new password for your {school} account (username: {username}). To do so, open this link:\n\n{link}\n\nThe link works once and expires in 1 hour. Once you set the password you are signed in.\n\nIf you did not ask for this, ignore this message: your current password stays the same.',
  },
  de: {
    subject: 'Neues Passwort für {school} festlegen',
    body: 'Hallo {name},\n\nwir haben eine Anfrage erhalten, ein neues Passwort für Ihr Konto bei {school} festzulegen (Benutzername: {username}). Öffnen Sie dazu diesen Link:\n\n{link}\n\nDer Link funktioniert nur einmal und ist 1 Stunde gültig. Sobald Sie das Passwort festgelegt haben, sind Sie angemeldet.\n\nFalls Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr bisheriges Passwort bleibt unverändert.',
  },
  fr: {
    subject: 'Choisissez un nouveau mot de passe pour {school}',
    body: "Bonjour {name},\n\nNous avons reçu une demande de nouveau mot de passe pour votre compte {school} (identifiant : {username}). Pour le choisir, ouvrez ce lien :\n\n{link}\n\nLe lien ne fonctionne qu'une fois et expire dans 1 heure. Une fois le mot de passe choisi, vous serez connecté.\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe actuel reste inchangé.",
  },
  it: {
    subject: 'Scegli una nuova password per {school}',
    body: "Ciao {name},\n\nabbiamo ricevuto una richiesta di nuova password per il tuo account di {school} (nome utente: {username}). Per sceglierla apri questo link:\n\n{link}\n\nIl link funziona una sola volta e scade tra 1 ora. Dopo aver scelto la password avrai già effettuato l'accesso.\n\nSe non l'hai chiesto tu, ignora questo messaggio: la tua password attuale non cambia.",
  },
  pt: {
    subject: 'Escolha uma nova palavra-passe para {school}',
    body: 'Olá {name},\n\nrecebemos um pedido para escolher uma nova palavra-passe para a sua conta de {school} (utilizador: {username}). Para o fazer, abra este link:\n\n{link}\n\nO link funciona uma única vez e expira dentro de 1 hora. Depois de escolher a palavra-passe, a sessão fica iniciada.\n\nSe não foi você que pediu, ignore esta mensagem: a sua palavra-passe atual continua igual.',
  },
};

export interface PasswordResetMailValues {
  name: string;
  school: string;
  username: string;
  link: string;
}

/** Subject and text of the password-reset mail in `language` (es when unknown). */
export function passwordResetMail(language: string | null, values: PasswordResetMailValues): { subject: string; text: string } {
  return renderMail(templates, language, { ...values });
}

export const passwordResetMailLanguages = Object.keys(templates) as Language[];
