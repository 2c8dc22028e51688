import type { DictionaryLanguage } from '@patio/core/i18n/index';
import { noticeLanguageOf } from '@patio/core/i18n/notices';
import { fill } from '@patio/core/i18n/placeholders';
import { escapeHtml } from './notice.render';

// The small page an unsubscribe link opens in a browser (GET): it asks, and a button POSTs the same
// one-click form a mail program would send. A GET never changes anything, because mail scanners open
// every link of a message. No script, no outside resource: the answer's CSP forbids both.

interface UnsubscribeTexts {
  title: string;
  /** {school} */
  question: string;
  explain: string;
  button: string;
  doneTitle: string;
  /** {school} */
  done: string;
  /** {link} */
  again: string;
}

const texts: Record<DictionaryLanguage, UnsubscribeTexts> = {
  es: {
    title: 'Dejar de recibir correos',
    question: '¿Quiere dejar de recibir por correo electrónico las notificaciones de {school}?',
    explain: 'Seguirá viendo las publicaciones en Patio y en las notificaciones de la aplicación.',
    button: 'Dejar de recibir correos',
    doneTitle: 'Listo',
    done: 'Ya no recibirá notificaciones de {school} por correo electrónico.',
    again: 'Puede volver a activarlas en Patio, en Configuración → Notificaciones: {link}',
  },
  en: {
    title: 'Stop receiving emails',
    question: 'Do you want to stop receiving notifications from {school} by email?',
    explain: 'You will still see posts in Patio and in the app’s notifications.',
    button: 'Stop emails',
    doneTitle: 'Done',
    done: 'You will no longer receive notifications from {school} by email.',
    again: 'You can turn them on again in Patio under Settings → Notifications: {link}',
  },
  de: {
    title: 'Keine E-Mails mehr erhalten',
    question: 'Möchten Sie die Benachrichtigungen von {school} nicht mehr per E-Mail erhalten?',
    explain: 'Die Beiträge sehen Sie weiterhin in Patio und in den Benachrichtigungen der App.',
    button: 'E-Mails abbestellen',
    doneTitle: 'Erledigt',
    done: 'Sie erhalten keine Benachrichtigungen von {school} mehr per E-Mail.',
    again: 'Sie können sie in Patio unter Einstellungen → Benachrichtigungen wieder einschalten: {link}',
  },
  fr: {
    title: 'Ne plus recevoir d’e-mails',
    question: 'Voulez-vous ne plus recevoir par e-mail les notifications de {school} ?',
    explain: 'Vous verrez toujours les publications dans Patio et dans les notifications de l’application.',
    button: 'Ne plus recevoir d’e-mails',
    doneTitle: 'C’est fait',
    done: 'Vous ne recevrez plus les notifications de {school} par e-mail.',
    again: 'Vous pouvez les réactiver dans Patio, sous Paramètres → Notifications : {link}',
  },
  it: {
    title: 'Non ricevere più e-mail',
    question: 'Vuoi smettere di ricevere via e-mail le notifiche di {school}?',
    explain: 'Continuerai a vedere i post in Patio e nelle notifiche dell’app.',
    button: 'Non ricevere più e-mail',
    doneTitle: 'Fatto',
    done: 'Non riceverai più le notifiche di {school} via e-mail.',
    again: 'Puoi riattivarle in Patio, in Impostazioni → Notifiche: {link}',
  },
  pt: {
    title: 'Deixar de receber e-mails',
    question: 'Deseja deixar de receber por e-mail as notificações de {school}?',
    explain: 'Você continuará vendo as publicações no Patio e nas notificações do aplicativo.',
    button: 'Deixar de receber e-mails',
    doneTitle: 'Pronto',
    done: 'Você não receberá mais notificações de {school} por e-mail.',
    again: 'Você pode reativá-las no Patio, em Configurações → Notificações: {link}',
  },
};

/** The texts of the person's language (es when unknown), for tests. */
export function unsubscribeTextsFor(language: string | null): UnsubscribeTexts {
  return texts[noticeLanguageOf(language)];
}

/** The answer's CSP: inline styles only, and the form may post only back here. */
export const UNSUBSCRIBE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE =
  'body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f7f9;color:#1f2328;margin:0;padding:16px}' +
  'main{max-width:32rem;margin:2rem auto;background:#fff;border-radius:12px;padding:24px}' +
  'h1{font-size:1.4rem;margin:0 0 12px}' +
  'button{font:inherit;font-weight:600;min-height:48px;width:100%;padding:12px 16px;border:0;border-radius:8px;background:#1C6E93;color:#fff;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #0b3d53;outline-offset:2px}a{color:#0e4f6c;word-break:break-all}';

function page(language: string, title: string, content: string): string {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${content}</main></body></html>`
  );
}

/** The question and its button. The form posts to this very address (the token rides in it). */
export function unsubscribeQuestionPage(school: string, language: string | null): string {
  const lang = noticeLanguageOf(language);
  const t = texts[lang];
  return page(
    lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(fill(t.question, { school }))}</p><p>${escapeHtml(t.explain)}</p>` +
      `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.button)}</button></form>`,
  );
}

/** What a browser sees after the button. */
export function unsubscribedPage(school: string, language: string | null, settingsLink: string): string {
  const lang = noticeLanguageOf(language);
  const t = texts[lang];
  const [before, after] = t.again.split('{link}') as [string, string | undefined];
  const link = `<a href="${escapeHtml(settingsLink)}">${escapeHtml(settingsLink)}</a>`;
  return page(
    lang,
    t.doneTitle,
    `<h1>${escapeHtml(t.doneTitle)}</h1><p>${escapeHtml(fill(t.done, { school }))}</p><p>${escapeHtml(before)}${link}${escapeHtml(after ?? '')}</p>`,
  );
}
