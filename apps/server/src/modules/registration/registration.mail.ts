import type { Language } from '@patio/core';

// The registration mails in the family's language (es by default): the verification link, then the
// school's decision on the children's enrollment. {name}, {school}, {link} and {children} are filled
// in; the texts are real translations, not copies of English. The account signs in as soon as the
// email is verified; only the children's enrollment waits for the school.

export type RegistrationMailKind = 'verification' | 'approved' | 'rejected';

interface Template {
  subject: string;
  body: string;
}

const templates: Record<Language, Record<RegistrationMailKind, Template>> = {
  es: {
    verification: {
      subject: 'Confirma tu correo para {school}',
      body: 'Hola {name}:\n\nGracias por registrar a tu familia en {school}. Para confirmar tu correo electrónico abre este enlace:\n\n{link}\n\nEl enlace vence en 3 días. Después de confirmarlo ya puedes ingresar con tu correo y tu contraseña; el colegio revisará la matrícula de tus hijos y te escribirá con su decisión.\n\nSi no hiciste este registro, ignora este mensaje.',
    },
    approved: {
      subject: '{school} aprobó la matrícula de tus hijos',
      body: 'Hola {name}:\n\n{school} revisó el registro de tu familia y aprobó la matrícula de: {children}.\n\nYa aparecen en su curso. Ingresa con tu correo y tu contraseña para ver sus publicaciones y mensajes:\n\n{link}\n\n¡Bienvenidos!',
    },
    rejected: {
      subject: '{school} no aprobó la matrícula de tus hijos',
      body: 'Hola {name}:\n\n{school} revisó el registro de tu familia y no aprobó la matrícula de: {children}.\n\nSi crees que es un error o quieres saber más, comunícate directamente con el colegio.',
    },
  },
  en: {
    verification: {
      subject: 'Confirm your email for {school}',
      body: 'Hello {name},\n\nThank you for registering your family at {school}. To confirm your email address, open this link:\n\n{link}\n\nThe link expires in 3 days. Once it is confirmed you can sign in with your email and password; the school will review your children’s enrollment and email you its decision.\n\nIf you did not register, please ignore this message.',
    },
    approved: {
      subject: '{school} approved your children’s enrollment',
      body: 'Hello {name},\n\n{school} has reviewed your family’s registration and approved the enrollment of: {children}.\n\nThey now appear in their class. Sign in with your email and password to follow their posts and messages:\n\n{link}\n\nWelcome!',
    },
    rejected: {
      subject: '{school} did not approve your children’s enrollment',
      body: 'Hello {name},\n\n{school} has reviewed your family’s registration and did not approve the enrollment of: {children}.\n\nIf you think this is a mistake or would like to know more, please contact the school directly.',
    },
  },
  de: {
    verification: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {school}',
      body: 'Hallo {name},\n\nvielen Dank, dass Sie Ihre Familie bei {school} registriert haben. Um Ihre E-Mail-Adresse zu bestätigen, öffnen Sie diesen Link:\n\n{link}\n\nDer Link ist 3 Tage gültig. Nach der Bestätigung können Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort anmelden; die Schule prüft die Aufnahme Ihrer Kinder und teilt Ihnen ihre Entscheidung per E-Mail mit.\n\nFalls Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.',
    },
    approved: {
      subject: '{school} hat die Aufnahme Ihrer Kinder bestätigt',
      body: 'Hallo {name},\n\n{school} hat die Registrierung Ihrer Familie geprüft und die Aufnahme folgender Kinder bestätigt: {children}.\n\nSie sind jetzt ihrer Klasse zugeordnet. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an, um Beiträge und Nachrichten zu verfolgen:\n\n{link}\n\nHerzlich willkommen!',
    },
    rejected: {
      subject: '{school} hat die Aufnahme Ihrer Kinder nicht bestätigt',
      body: 'Hallo {name},\n\n{school} hat die Registrierung Ihrer Familie geprüft und die Aufnahme folgender Kinder nicht bestätigt: {children}.\n\nWenn Sie glauben, dass es sich um einen Irrtum handelt, oder mehr erfahren möchten, wenden Sie sich bitte direkt an die Schule.',
    },
  },
  fr: {
    verification: {
      subject: 'Confirmez votre adresse e-mail pour {school}',
      body: "Bonjour {name},\n\nMerci d'avoir inscrit votre famille à {school}. Pour confirmer votre adresse e-mail, ouvrez ce lien :\n\n{link}\n\nLe lien expire dans 3 jours. Une fois l'adresse confirmée, vous pouvez vous connecter avec votre e-mail et votre mot de passe ; l'école examinera l'inscription de vos enfants et vous enverra sa décision par e-mail.\n\nSi vous n'êtes pas à l'origine de cette inscription, ignorez ce message.",
    },
    approved: {
      subject: "{school} a validé l'inscription de vos enfants",
      body: "Bonjour {name},\n\n{school} a examiné l'inscription de votre famille et a validé celle de : {children}.\n\nIls figurent désormais dans leur classe. Connectez-vous avec votre e-mail et votre mot de passe pour suivre leurs publications et leurs messages :\n\n{link}\n\nBienvenue !",
    },
    rejected: {
      subject: "{school} n'a pas validé l'inscription de vos enfants",
      body: "Bonjour {name},\n\n{school} a examiné l'inscription de votre famille et n'a pas validé celle de : {children}.\n\nSi vous pensez qu'il s'agit d'une erreur ou souhaitez en savoir plus, contactez directement l'école.",
    },
  },
  it: {
    verification: {
      subject: 'Conferma il tuo indirizzo e-mail per {school}',
      body: "Ciao {name},\n\ngrazie per aver registrato la tua famiglia presso {school}. Per confermare il tuo indirizzo e-mail apri questo link:\n\n{link}\n\nIl link scade tra 3 giorni. Dopo la conferma puoi accedere con la tua e-mail e la tua password; la scuola esaminerà l'iscrizione dei tuoi figli e ti comunicherà la decisione via e-mail.\n\nSe non hai effettuato tu la registrazione, ignora questo messaggio.",
    },
    approved: {
      subject: "{school} ha approvato l'iscrizione dei tuoi figli",
      body: "Ciao {name},\n\n{school} ha esaminato la registrazione della tua famiglia e ha approvato l'iscrizione di: {children}.\n\nOra compaiono nella loro classe. Accedi con la tua e-mail e la tua password per seguire pubblicazioni e messaggi:\n\n{link}\n\nBenvenuti!",
    },
    rejected: {
      subject: "{school} non ha approvato l'iscrizione dei tuoi figli",
      body: "Ciao {name},\n\n{school} ha esaminato la registrazione della tua famiglia e non ha approvato l'iscrizione di: {children}.\n\nSe pensi che si tratti di un errore o vuoi saperne di più, contatta direttamente la scuola.",
    },
  },
  pt: {
    verification: {
      subject: 'Confirme o seu e-mail para {school}',
      body: 'Olá {name},\n\nobrigado por registar a sua família em {school}. Para confirmar o seu endereço de e-mail, abra este link:\n\n{link}\n\nO link expira em 3 dias. Depois de o confirmar, já pode entrar com o seu e-mail e a sua palavra-passe; a escola vai analisar a matrícula dos seus filhos e enviar-lhe a decisão por e-mail.\n\nSe não fez este registo, ignore esta mensagem.',
    },
    approved: {
      subject: '{school} aprovou a matrícula dos seus filhos',
      body: 'Olá {name},\n\n{school} analisou o registo da sua família e aprovou a matrícula de: {children}.\n\nJá aparecem na respetiva turma. Entre com o seu e-mail e a sua palavra-passe para acompanhar as publicações e mensagens:\n\n{link}\n\nBem-vindos!',
    },
    rejected: {
      subject: '{school} não aprovou a matrícula dos seus filhos',
      body: 'Olá {name},\n\n{school} analisou o registo da sua família e não aprovou a matrícula de: {children}.\n\nSe considera que se trata de um erro ou quer saber mais, contacte diretamente a escola.',
    },
  },
};

export interface RegistrationMailValues {
  name: string;
  school: string;
  /** The verification link, or the sign-in address of the school for the decision mails. */
  link: string;
  /** The children's names, for the decision mails. */
  children?: string;
}

/** Subject and text of a registration mail in `language` (es when unknown). */
export function registrationMail(kind: RegistrationMailKind, language: string | null, values: RegistrationMailValues): { subject: string; text: string } {
  const template = templates[(language && language in templates ? language : 'es') as Language][kind];
  const fill = (text: string) => text.replace(/\{(name|school|link|children)\}/g, (_, key: keyof RegistrationMailValues) => values[key] ?? '');
  return { subject: fill(template.subject), text: fill(template.body) };
}

/** Subject and text of the verification mail in `language` (es when unknown). */
export function verificationMail(language: string, values: { name: string; school: string; link: string }): { subject: string; text: string } {
  return registrationMail('verification', language, values);
}

export const registrationMailLanguages = Object.keys(templates) as Language[];
