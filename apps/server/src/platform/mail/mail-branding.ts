import { darkenForWhiteText } from '@patio/core/color/contrast';

// The HTML part of a mail: the school's header (its logo, as an absolute PUBLIC_URL address, and its
// name in white on its colour, darkened as the app bar is so the name stays readable) above the same
// text the plain part carries. Mail programs that show only text read the plain part.

export interface MailBrand {
  title: string;
  color: string;
  /** Absolute address of the school's logo, or null. */
  logo: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The text as HTML paragraphs, its http(s) addresses as links. */
function paragraphsOf(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const html = escapeHtml(paragraph).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#0e4f6c;word-break:break-all">${url}</a>`);
      return `<p style="margin:0 0 16px">${html.replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
}

/** A complete HTML mail: the school's header, then `text`. */
export function brandedMailHtml(brand: MailBrand, text: string, language = 'es'): string {
  const bar = darkenForWhiteText(brand.color);
  const logo = brand.logo && /^https?:\/\//.test(brand.logo) ? `<img src="${escapeHtml(brand.logo)}" alt="" width="40" height="40" style="vertical-align:middle;border-radius:6px;background:#fff;margin-right:12px;object-fit:contain">` : '';
  return (
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>` +
    `<body style="margin:0;background:#f4f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2328">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto">` +
    `<tr><td data-brand-header style="background:${bar};color:#fff;padding:16px 20px;font-size:18px;font-weight:700">${logo}${escapeHtml(brand.title)}</td></tr>` +
    `<tr><td style="background:#fff;padding:24px 20px;font-size:16px;line-height:1.5">${paragraphsOf(text)}</td></tr>` +
    `</table></body></html>`
  );
}
