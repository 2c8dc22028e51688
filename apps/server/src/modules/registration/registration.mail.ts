import type { Language } from '@patio/core';

// The registration mails in the family's language (es by default): the verification link, then the
// school's decision on the children's enrollment. {name}, {school}, {link} and {children} are filled
// in; the texts are real translations, not copies of English. Once verified, the account signs in to
// its registration status only; the school's approval opens the rest. "already_registered" goes to
// the owner of an email someone registered again (the form answers the same either way: issue 6 item 4).

// "link_confirmation" goes to the person of the school a registration matches by document, at the
// email on file, asking whether the registration is theirs (decision 023).

export type RegistrationMailKind = 'verification' | 'approved' | 'rejected' | 'already_registered' | 'link_confirmation';

interface Template {
  subject: string;
  body: string;
}

const templates: Record<Language, Record<RegistrationMailKind, Template>> = {
  es: {
    link_confirmation: {
      subject: "{school}: ¿este registro es tuyo?",
      body: "Hola {name}:\n\nEn {school} se registró esta persona con tu número de documento:\n\n{registrant}\nHijos que registró: {children}\n\nSi eres tú y quieres unir este registro a tus datos en el colegio, abre este enlace y confírmalo:\n\n{link}\n\nSi no eres tú, abre el mismo enlace y responde que no: nadie verá tus datos ni los de tus hijos. El enlace sirve una sola vez y vence en 48 horas.",
    },
    verification: {
      subject: 'Confirma tu correo para {school}',
      body: 'Hola {name}:\n\nGracias por registrar a tu familia en {school}. Para confirmar tu correo electrónico abre este enlace:\n\n{link}\n\nEl enlace vence en 48 horas. Después de confirmarlo puedes ingresar con tu correo y tu contraseña para seguir el estado de tu registro; el colegio lo revisará y te escribirá con su decisión.\n\nSi no hiciste este registro, ignora este mensaje.',
    },
    approved: {
      subject: '{school} aprobó la matrícula de tus hijos',
      body: 'Hola {name}:\n\n{school} revisó el registro de tu familia y aprobó la matrícula de: {children}.\n\nYa aparecen en su curso. Ingresa con tu correo y tu contraseña para ver sus publicaciones y mensajes:\n\n{link}\n\n¡Bienvenidos!',
    },
    rejected: {
      subject: '{school} no aprobó la matrícula de tus hijos',
      body: 'Hola {name}:\n\n{school} revisó el registro de tu familia y no aprobó la matrícula de: {children}.\n\nSi crees que es un error o quieres saber más, comunícate directamente con el colegio.',
    },
    already_registered: {
      subject: 'Este correo ya está en uso en {school}',
      body: 'Hola {name}:\n\nAlguien intentó registrar una familia en {school} con esta dirección de correo, que ya está en uso allí. No creamos ninguna cuenta nueva.\n\nSi fuiste tú, ingresa con tu cuenta:\n\n{link}\n\nSi no recuerdas tu contraseña, pide al colegio un enlace de ingreso.\n\nSi no fuiste tú, ignora este mensaje: tu cuenta no cambió.',
    },
  },
  en: {
    link_confirmation: {
      subject: "{school}: is this registration yours?",
      body: "Hello {name},\n\nThis person registered at {school} with your document number:\n\n{registrant}\nChildren registered: {children}\n\nIf it is you and you want this registration joined to your record at the school, open this link and confirm:\n\n{link}\n\nIf it is not you, open the same link and answer no: nobody will see your data or your children's. The link works once and expires in 48 hours.",
    },
    verification: {
      subject: 'Confirm your email for {school}',
      body: 'Hello {name},\n\nThank you for registering your family at {school}. To confirm your email address, open this link:\n\n{link}\n\nThe link expires in 48 hours. Once it is confirmed you can sign in with your email and password to follow your registration; the school will review it and email you its decision.\n\nIf you did not register, please ignore this message.',
    },
    approved: {
      subject: '{school} approved your children’s enrollment',
      body: 'Hello {name},\n\n{school} has reviewed your family’s registration and approved the enrollment of: {children}.\n\nThey now appear in their class. Sign in with your email and password to follow their posts and messages:\n\n{link}\n\nWelcome!',
    },
    rejected: {
      subject: '{school} did not approve your children’s enrollment',
      body: 'Hello {name},\n\n{school} has reviewed your family’s registration and did not approve the enrollment of: {children}.\n\nIf you think this is a mistake or would like to know more, please contact the school directly.',
    },
    already_registered: {
      subject: 'This eMail is already being used at {school}',
      body: 'Hello {name},\n\nSomeone tried to register a family at {school} with this email address, which is already in use there. No new account was created.\n\nIf it was you, sign in with your existing account:\n\n{link}\n\nIf you do not remember your password, ask the school for a sign-in link.\n\nIf it was not you, ignore this message: your account has not changed.',
    },
  },
  de: {
    link_confirmation: {
      subject: "{school}: Ist diese Registrierung von Ihnen?",
      body: "Hallo {name},\n\nbei {school} hat sich diese Person mit Ihrer Ausweisnummer registriert:\n\n{registrant}\nAngemeldete Kinder: {children}\n\nWenn Sie das sind und die Registrierung mit Ihren Daten an der Schule verbinden möchten, öffnen Sie diesen Link und bestätigen Sie:\n\n{link}\n\nWenn Sie es nicht sind, öffnen Sie denselben Link und antworten Sie mit Nein: Niemand sieht dann Ihre Daten oder die Ihrer Kinder. Der Link funktioniert nur einmal und ist 48 Stunden gültig.",
    },
    verification: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {school}',
      body: 'Hallo {name},\n\nvielen Dank, dass Sie Ihre Familie bei {school} registriert haben. Um Ihre E-Mail-Adresse zu bestätigen, öffnen Sie diesen Link:\n\n{link}\n\nDer Link ist 48 Stunden gültig. Nach der Bestätigung können Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort anmelden und den Stand Ihrer Registrierung verfolgen; die Schule prüft sie und teilt Ihnen ihre Entscheidung per E-Mail mit.\n\nFalls Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.',
    },
    approved: {
      subject: '{school} hat die Aufnahme Ihrer Kinder bestätigt',
      body: 'Hallo {name},\n\n{school} hat die Registrierung Ihrer Familie geprüft und die Aufnahme folgender Kinder bestätigt: {children}.\n\nSie sind jetzt ihrer Klasse zugeordnet. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an, um Beiträge und Nachrichten zu verfolgen:\n\n{link}\n\nHerzlich willkommen!',
    },
    rejected: {
      subject: '{school} hat die Aufnahme Ihrer Kinder nicht bestätigt',
      body: 'Hallo {name},\n\n{school} hat die Registrierung Ihrer Familie geprüft und die Aufnahme folgender Kinder nicht bestätigt: {children}.\n\nWenn Sie glauben, dass es sich um einen Irrtum handelt, oder mehr erfahren möchten, wenden Sie sich bitte direkt an die Schule.',
    },
    already_registered: {
      subject: 'Diese E-Mail-Adresse wird bei {school} bereits verwendet',
      body: 'Hallo {name},\n\njemand hat versucht, bei {school} eine Familie mit dieser E-Mail-Adresse zu registrieren, die dort bereits verwendet wird. Es wurde kein neues Konto angelegt.\n\nWenn Sie das waren, melden Sie sich mit Ihrem bestehenden Konto an:\n\n{link}\n\nWenn Sie Ihr Passwort vergessen haben, bitten Sie die Schule um einen Anmeldelink.\n\nWenn Sie es nicht waren, ignorieren Sie diese Nachricht: Ihr Konto wurde nicht verändert.',
    },
  },
  fr: {
    link_confirmation: {
      subject: "{school} : cette inscription est-elle la vôtre ?",
      body: "Bonjour {name},\n\nCette personne s'est inscrite à {school} avec votre numéro de pièce d'identité :\n\n{registrant}\nEnfants inscrits : {children}\n\nSi c'est vous et que vous souhaitez rattacher cette inscription à votre dossier à l'école, ouvrez ce lien et confirmez :\n\n{link}\n\nSi ce n'est pas vous, ouvrez le même lien et répondez non : personne ne verra vos données ni celles de vos enfants. Le lien ne fonctionne qu'une fois et expire dans 48 heures.",
    },
    verification: {
      subject: 'Confirmez votre adresse e-mail pour {school}',
      body: 'Bonjour {name},\n\nMerci d\'avoir inscrit votre famille à {school}. Pour confirmer votre adresse e-mail, ouvrez ce lien :\n\n{link}\n\nLe lien expire dans 48 heures. Une fois l\'adresse confirmée, vous pouvez vous connecter avec votre e-mail et votre mot de passe pour suivre votre inscription ; l\'école l\'examinera et vous enverra sa décision par e-mail.\n\nSi vous n\'êtes pas à l\'origine de cette inscription, ignorez ce message.',
    },
    approved: {
      subject: "{school} a validé l'inscription de vos enfants",
      body: "Bonjour {name},\n\n{school} a examiné l'inscription de votre famille et a validé celle de : {children}.\n\nIls figurent désormais dans leur classe. Connectez-vous avec votre e-mail et votre mot de passe pour suivre leurs publications et leurs messages :\n\n{link}\n\nBienvenue !",
    },
    rejected: {
      subject: "{school} n'a pas validé l'inscription de vos enfants",
      body: "Bonjour {name},\n\n{school} a examiné l'inscription de votre famille et n'a pas validé celle de : {children}.\n\nSi vous pensez qu'il s'agit d'une erreur ou souhaitez en savoir plus, contactez directement l'école.",
    },
    already_registered: {
      subject: 'Cette adresse e-mail est déjà utilisée à {school}',
      body: 'Bonjour {name},\n\nQuelqu\'un a essayé d\'inscrire une famille à {school} avec cette adresse e-mail, qui y est déjà utilisée. Aucun nouveau compte n\'a été créé.\n\nSi c\'était vous, connectez-vous avec votre compte existant :\n\n{link}\n\nSi vous avez oublié votre mot de passe, demandez à l\'école un lien de connexion.\n\nSi ce n\'était pas vous, ignorez ce message : votre compte n\'a pas changé.',
    },
  },
  it: {
    link_confirmation: {
      subject: "{school}: questa registrazione è tua?",
      body: "Ciao {name},\n\npresso {school} questa persona si è registrata con il tuo numero di documento:\n\n{registrant}\nFigli registrati: {children}\n\nSe sei tu e vuoi collegare questa registrazione ai tuoi dati a scuola, apri questo link e conferma:\n\n{link}\n\nSe non sei tu, apri lo stesso link e rispondi di no: nessuno vedrà i tuoi dati né quelli dei tuoi figli. Il link funziona una sola volta e scade tra 48 ore.",
    },
    verification: {
      subject: 'Conferma il tuo indirizzo e-mail per {school}',
      body: 'Ciao {name},\n\ngrazie per aver registrato la tua famiglia presso {school}. Per confermare il tuo indirizzo e-mail apri questo link:\n\n{link}\n\nIl link scade tra 48 ore. Dopo la conferma puoi accedere con la tua e-mail e la tua password per seguire la tua registrazione; la scuola la esaminerà e ti comunicherà la decisione via e-mail.\n\nSe non hai effettuato tu la registrazione, ignora questo messaggio.',
    },
    approved: {
      subject: "{school} ha approvato l'iscrizione dei tuoi figli",
      body: "Ciao {name},\n\n{school} ha esaminato la registrazione della tua famiglia e ha approvato l'iscrizione di: {children}.\n\nOra compaiono nella loro classe. Accedi con la tua e-mail e la tua password per seguire pubblicazioni e messaggi:\n\n{link}\n\nBenvenuti!",
    },
    rejected: {
      subject: "{school} non ha approvato l'iscrizione dei tuoi figli",
      body: "Ciao {name},\n\n{school} ha esaminato la registrazione della tua famiglia e non ha approvato l'iscrizione di: {children}.\n\nSe pensi che si tratti di un errore o vuoi saperne di più, contatta direttamente la scuola.",
    },
    already_registered: {
      subject: 'Questo indirizzo e-mail è già in uso presso {school}',
      body: 'Ciao {name},\n\nqualcuno ha provato a registrare una famiglia presso {school} con questo indirizzo e-mail, che lì è già in uso. Non è stato creato nessun nuovo account.\n\nSe sei stato tu, accedi con il tuo account esistente:\n\n{link}\n\nSe non ricordi la password, chiedi alla scuola un link di accesso.\n\nSe non sei stato tu, ignora questo messaggio: il tuo account non è cambiato.',
    },
  },
  pt: {
    link_confirmation: {
      subject: "{school}: este registo é seu?",
      body: "Olá {name},\n\nEsta pessoa registou-se em {school} com o seu número de documento:\n\n{registrant}\nFilhos registados: {children}\n\nSe é você e quer juntar este registo aos seus dados na escola, abra este link e confirme:\n\n{link}\n\nSe não é você, abra o mesmo link e responda que não: ninguém verá os seus dados nem os dos seus filhos. O link funciona uma única vez e expira dentro de 48 horas.",
    },
    verification: {
      subject: 'Confirme o seu e-mail para {school}',
      body: 'Olá {name},\n\nobrigado por registar a sua família em {school}. Para confirmar o seu endereço de e-mail, abra este link:\n\n{link}\n\nO link expira em 48 horas. Depois de o confirmar, pode entrar com o seu e-mail e a sua palavra-passe para acompanhar o seu registo; a escola vai analisá-lo e enviar-lhe a decisão por e-mail.\n\nSe não fez este registo, ignore esta mensagem.',
    },
    approved: {
      subject: '{school} aprovou a matrícula dos seus filhos',
      body: 'Olá {name},\n\n{school} analisou o registo da sua família e aprovou a matrícula de: {children}.\n\nJá aparecem na respetiva turma. Entre com o seu e-mail e a sua palavra-passe para acompanhar as publicações e mensagens:\n\n{link}\n\nBem-vindos!',
    },
    rejected: {
      subject: '{school} não aprovou a matrícula dos seus filhos',
      body: 'Olá {name},\n\n{school} analisou o registo da sua família e não aprovou a matrícula de: {children}.\n\nSe considera que se trata de um erro ou quer saber mais, contacte diretamente a escola.',
    },
    already_registered: {
      subject: 'Este e-mail já está a ser usado em {school}',
      body: 'Olá {name},\n\nalguém tentou registar uma família em {school} com este endereço de e-mail, que já está a ser usado lá. Não foi criada nenhuma conta nova.\n\nSe foi você, entre com a sua conta existente:\n\n{link}\n\nSe não se lembra da palavra-passe, peça à escola um link de entrada.\n\nSe não foi você, ignore esta mensagem: a sua conta não mudou.',
    },
  },
};

export interface RegistrationMailValues {
  name: string;
  school: string;
  /** The verification link, or the sign-in address of the school for the other mails. */
  link: string;
  /** The children's names, for the decision mails. */
  children?: string;
  /** The registrant's name and email, for the link confirmation mail. */
  registrant?: string;
}

/** Subject and text of a registration mail in `language` (es when unknown). */
export function registrationMail(kind: RegistrationMailKind, language: string | null, values: RegistrationMailValues): { subject: string; text: string } {
  const template = templates[(language && language in templates ? language : 'es') as Language][kind];
  const fill = (text: string) => text.replace(/\{(name|school|link|children|registrant)\}/g, (_, key: keyof RegistrationMailValues) => values[key] ?? '');
  return { subject: fill(template.subject), text: fill(template.body) };
}

/** Subject and text of the verification mail in `language` (es when unknown). */
export function verificationMail(language: string, values: { name: string; school: string; link: string }): { subject: string; text: string } {
  return registrationMail('verification', language, values);
}

export const registrationMailLanguages = Object.keys(templates) as Language[];
