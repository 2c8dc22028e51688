import type { Language } from '@patio/core';

// The verification mail in the family's language (es by default). {name}, {school} and {link} are
// filled in; the texts are real translations, not copies of English.

const templates: Record<Language, { subject: string; body: string }> = {
  es: {
    subject: 'Confirma tu correo para {school}',
    body: 'Hola {name}:\n\nGracias por registrar a tu familia en {school}. Para confirmar tu correo electrónico abre este enlace:\n\n{link}\n\nEl enlace vence en 3 días. Cuando el colegio apruebe la inscripción podrás entrar con tu correo y tu contraseña.\n\nSi no hiciste este registro, ignora este mensaje.',
  },
  en: {
    subject: 'Confirm your email for {school}',
    body: 'Hello {name},\n\nThank you for registering your family at {school}. To confirm your email address, open this link:\n\n{link}\n\nThe link expires in 3 days. Once the school approves the registration you can sign in with your email and password.\n\nIf you did not register, please ignore this message.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {school}',
    body: 'Hallo {name},\n\nvielen Dank, dass Sie Ihre Familie bei {school} registriert haben. Um Ihre E-Mail-Adresse zu bestätigen, öffnen Sie diesen Link:\n\n{link}\n\nDer Link ist 3 Tage gültig. Sobald die Schule die Anmeldung bestätigt hat, können Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort anmelden.\n\nFalls Sie sich nicht registriert haben, ignorieren Sie diese Nachricht.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour {school}',
    body: "Bonjour {name},\n\nMerci d'avoir inscrit votre famille à {school}. Pour confirmer votre adresse e-mail, ouvrez ce lien :\n\n{link}\n\nLe lien expire dans 3 jours. Dès que l'école aura validé l'inscription, vous pourrez vous connecter avec votre e-mail et votre mot de passe.\n\nSi vous n'êtes pas à l'origine de cette inscription, ignorez ce message.",
  },
  it: {
    subject: 'Conferma il tuo indirizzo e-mail per {school}',
    body: "Ciao {name},\n\ngrazie per aver registrato la tua famiglia presso {school}. Per confermare il tuo indirizzo e-mail apri questo link:\n\n{link}\n\nIl link scade tra 3 giorni. Quando la scuola avrà approvato l'iscrizione potrai accedere con la tua e-mail e la tua password.\n\nSe non hai effettuato tu la registrazione, ignora questo messaggio.",
  },
  pt: {
    subject: 'Confirme seu e-mail para {school}',
    body: 'Olá {name},\n\nobrigado por registrar sua família em {school}. Para confirmar seu endereço de e-mail, abra este link:\n\n{link}\n\nO link expira em 3 dias. Quando a escola aprovar a inscrição, você poderá entrar com seu e-mail e sua senha.\n\nSe você não fez este registro, ignore esta mensagem.',
  },
};

/** Subject and text of the verification mail in `language` (es when unknown). */
export function verificationMail(language: string, values: { name: string; school: string; link: string }): { subject: string; text: string } {
  const template = templates[(language in templates ? language : 'es') as Language];
  const fill = (text: string) => text.replace(/\{(name|school|link)\}/g, (_, key: keyof typeof values) => values[key]);
  return { subject: fill(template.subject), text: fill(template.body) };
}

export const registrationMailLanguages = Object.keys(templates) as Language[];
