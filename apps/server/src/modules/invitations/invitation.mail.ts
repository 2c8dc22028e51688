import type { Language } from '@patio/core';
import { type MailTemplate, renderMail } from '../../platform/mail/mail-template';

// The invitation mail in the person's language (es when unknown). `new`: the person has no password
// yet and chooses one on the welcome screen; `active`: the person already has one and the link signs
// them in. {name}, {school}, {username}, {link} and {days} are filled in; real translations.

export type InvitationMailKind = 'new' | 'active';

const templates: Record<Language, Record<InvitationMailKind, MailTemplate>> = {
  es: {
    new: {
      subject: '{school} te invita a Patio',
      body: 'Hola {name}:\n\n{school} usa Patio para compartir con las familias noticias, mensajes, el calendario y más. Ya tienes una cuenta; para entrar por primera vez abre este enlace y crea tu contraseña:\n\n{link}\n\nTu usuario es: {username}\n\nEl enlace sirve una sola vez y vence en {days} días. Si vence, pide al colegio que te lo envíe de nuevo o usa «¿Olvidaste tu contraseña?» en la pantalla de ingreso.',
    },
    active: {
      subject: 'Tu enlace para entrar a Patio de {school}',
      body: 'Hola {name}:\n\n{school} te envía un enlace para entrar a Patio sin escribir tu contraseña:\n\n{link}\n\nTu usuario es: {username}\n\nEl enlace sirve una sola vez y vence en {days} días. Después puedes seguir entrando con tu usuario y tu contraseña de siempre.',
    },
  },
  en: {
    new: {
      subject: '{school} invites you to Patio',
      body: 'Hello {name},\n\n{school} uses Patio to share news, messages, the calendar and more with families. Your account is ready; to sign in for the first time, open this link and choose your password:\n\n{link}\n\nYour username is: {username}\n\nThe link works once and expires in {days} days. If it expires, ask the school to send it again or use "Forgot your password?" on the sign-in screen.',
    },
    active: {
      subject: 'Your link to sign in to Patio at {school}',
      body: 'Hello {name},\n\n{school} sends you a link to sign in to Patio without typing your password:\n\n{link}\n\nYour username is: {username}\n\nThe link works once and expires in {days} days. Afterwards you can keep signing in with your usual username and password.',
    },
  },
  de: {
    new: {
      subject: '{school} lädt Sie zu Patio ein',
      body: 'Hallo {name},\n\n{school} nutzt Patio, um Neuigkeiten, Nachrichten, den Kalender und mehr mit den Familien zu teilen. Ihr Konto ist eingerichtet; um sich zum ersten Mal anzumelden, öffnen Sie diesen Link und legen Sie Ihr Passwort fest:\n\n{link}\n\nIhr Benutzername lautet: {username}\n\nDer Link funktioniert nur einmal und ist {days} Tage gültig. Ist er abgelaufen, bitten Sie die Schule, ihn erneut zu senden, oder nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite.',
    },
    active: {
      subject: 'Ihr Link zur Anmeldung bei Patio von {school}',
      body: 'Hallo {name},\n\n{school} sendet Ihnen einen Link, mit dem Sie sich ohne Passwort bei Patio anmelden können:\n\n{link}\n\nIhr Benutzername lautet: {username}\n\nDer Link funktioniert nur einmal und ist {days} Tage gültig. Danach melden Sie sich wie gewohnt mit Benutzername und Passwort an.',
    },
  },
  fr: {
    new: {
      subject: '{school} vous invite sur Patio',
      body: "Bonjour {name},\n\n{school} utilise Patio pour partager avec les familles les actualités, les messages, le calendrier et plus encore. Votre compte est prêt ; pour vous connecter la première fois, ouvrez ce lien et choisissez votre mot de passe :\n\n{link}\n\nVotre identifiant : {username}\n\nLe lien ne fonctionne qu'une fois et expire dans {days} jours. S'il a expiré, demandez à l'école de vous le renvoyer ou utilisez « Mot de passe oublié ? » sur l'écran de connexion.",
    },
    active: {
      subject: 'Votre lien de connexion à Patio de {school}',
      body: "Bonjour {name},\n\n{school} vous envoie un lien pour vous connecter à Patio sans saisir votre mot de passe :\n\n{link}\n\nVotre identifiant : {username}\n\nLe lien ne fonctionne qu'une fois et expire dans {days} jours. Ensuite, vous pourrez continuer à vous connecter avec votre identifiant et votre mot de passe habituels.",
    },
  },
  it: {
    new: {
      subject: '{school} ti invita su Patio',
      body: "Ciao {name},\n\n{school} usa Patio per condividere con le famiglie notizie, messaggi, il calendario e altro. Il tuo account è pronto; per accedere la prima volta apri questo link e scegli la tua password:\n\n{link}\n\nIl tuo nome utente è: {username}\n\nIl link funziona una sola volta e scade tra {days} giorni. Se è scaduto, chiedi alla scuola di inviartelo di nuovo oppure usa «Password dimenticata?» nella schermata di accesso.",
    },
    active: {
      subject: 'Il tuo link per accedere a Patio di {school}',
      body: 'Ciao {name},\n\n{school} ti invia un link per accedere a Patio senza digitare la password:\n\n{link}\n\nIl tuo nome utente è: {username}\n\nIl link funziona una sola volta e scade tra {days} giorni. In seguito potrai continuare ad accedere con il tuo nome utente e la tua password di sempre.',
    },
  },
  pt: {
    new: {
      subject: '{school} convida-o para o Patio',
      body: 'Olá {name},\n\n{school} usa o Patio para partilhar com as famílias notícias, mensagens, o calendário e muito mais. A sua conta está pronta; para entrar pela primeira vez, abra este link e escolha a sua palavra-passe:\n\n{link}\n\nO seu utilizador é: {username}\n\nO link funciona uma única vez e expira dentro de {days} dias. Se expirar, peça à escola que o envie de novo ou use «Esqueceu-se da palavra-passe?» no ecrã de entrada.',
    },
    active: {
      subject: 'O seu link para entrar no Patio de {school}',
      body: 'Olá {name},\n\n{school} envia-lhe um link para entrar no Patio sem escrever a palavra-passe:\n\n{link}\n\nO seu utilizador é: {username}\n\nO link funciona uma única vez e expira dentro de {days} dias. Depois pode continuar a entrar com o seu utilizador e a sua palavra-passe habituais.',
    },
  },
};

export interface InvitationMailValues {
  name: string;
  school: string;
  username: string;
  link: string;
  days: number;
}

/** Subject and text of an invitation mail in `language` (es when unknown). */
export function invitationMail(kind: InvitationMailKind, language: string | null, values: InvitationMailValues): { subject: string; text: string } {
  const ofKind = Object.fromEntries(Object.entries(templates).map(([code, kinds]) => [code, kinds[kind]]));
  return renderMail(ofKind as Record<Language, MailTemplate>, language, { ...values });
}

export const invitationMailLanguages = Object.keys(templates) as Language[];
