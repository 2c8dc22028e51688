import DOMPurify, { type Config } from 'dompurify';

// DESIGN: HTML from users is sanitised on the server when stored and again in the browser when shown.
// A purifier of its own, so the link hook below never changes how another screen sanitises.

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  // Forms, frames and inline styles could imitate the app's own controls or cover them.
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'id', 'name'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/(?!\/))/i,
};

// DOMPurify hands back its input untouched where the DOM does not support it, and some DOM
// implementations (test doubles, old webviews) mis-sanitise: it is trusted only after it cleans this.
// (No event handler in it: Chromium reports one against the page's CSP even in an inert document.)
const CANARY_IN = '<p>ok <b>x</b></p><a href="javascript:x()" title="t">y</a><script>x()</script>';
const CANARY_OUT = '<p>ok <b>x</b></p><a title="t">y</a>';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null | undefined;

function createPurifier(): Purifier | null {
  if (typeof window === 'undefined') return null;
  const candidate = DOMPurify(window);
  if (!candidate.isSupported || candidate.sanitize(CANARY_IN, CONFIG) !== CANARY_OUT) return null;
  // Links of a post leave the app in a new tab, without telling the page who opened it.
  candidate.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (href.startsWith('#')) return;
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
  return candidate;
}

function getPurifier(): Purifier | null {
  if (purifier === undefined) purifier = createPurifier();
  return purifier;
}

/** The text of some HTML with every tag gone: no "<" is left, so nothing can become markup. */
function toPlainParagraph(html: string): string {
  const text = html
    .replace(/<(script|style|template|iframe|object|textarea)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/(p|div|li|h[1-6])\s*>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>?/g, '')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .trim();
  return text ? `<p>${text.replace(/\s*\n\s*/g, '<br>')}</p>` : '';
}

/** How descriptions are made safe here: DOMPurify, or plain text where it cannot be trusted. */
export function sanitizerMode(): 'dompurify' | 'text' {
  return getPurifier() ? 'dompurify' : 'text';
}

/** A post's description made safe to show: no scripts, handlers, frames or styles; links open apart. */
export function sanitizeHtml(html: string): string {
  const active = getPurifier();
  return active ? (active.sanitize(html, CONFIG) as string) : toPlainParagraph(html);
}

/** Escapes plain text for HTML. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text as HTML paragraphs: blank lines part paragraphs, single line breaks stay breaks. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
