import type { Language } from '@patio/core';
import type { TranslationSettings } from '../../config';
import { fetchOutbound, type OutboundPolicy } from '../../platform/net/outbound-guard';

// The outbound call to the operator's translation service (decision 029): LibreTranslate's
// POST {url}/translate or DeepL's POST /v2/translate, HTML in and HTML out, one request per post and
// language (the title and the description travel together).
//
// The address is TRANSLATE_URL, set by the operator in the server's environment, never by a school or a
// user: a self-hosted LibreTranslate usually runs on the operator's own network or machine, so the
// public-only guard that calendar feeds go through (a school administrator's address) does not apply;
// private and loopback addresses are reached, no redirect is followed, and the time and size limits hold.

export const TRANSLATE_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The service did not give a usable answer (down, slow, refused, or an answer of the wrong shape). */
export class TranslationUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslationUnavailable';
  }
}

export interface SourceText {
  from: Language;
  to: Language;
  /** HTML, each item translated on its own. */
  texts: [string, string];
}

/** The translated `texts` in order; throws TranslationUnavailable. */
export async function requestTranslation(settings: TranslationSettings, source: SourceText, timeoutMs = TRANSLATE_TIMEOUT_MS): Promise<[string, string]> {
  const call = settings.provider === 'deepl' ? deeplRequest(settings, source) : libreRequest(settings, source);
  let answer;
  try {
    answer = await fetchOutbound(call.url, call.policy, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Patio translation', ...call.headers },
      body: JSON.stringify(call.body),
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      maxRedirects: 0,
    });
  } catch {
    throw new TranslationUnavailable('The translation service could not be reached');
  }
  if (answer.status !== 200) throw new TranslationUnavailable(`The translation service answered ${answer.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    throw new TranslationUnavailable('The translation service answered something that is not JSON');
  }
  const texts = settings.provider === 'deepl' ? deeplTexts(parsed) : libreTexts(parsed);
  if (!texts || texts.length !== 2 || !texts.every((t) => typeof t === 'string')) {
    throw new TranslationUnavailable('The translation service answered in an unexpected shape');
  }
  return [texts[0]!, texts[1]!];
}

interface Call {
  url: string;
  policy: OutboundPolicy;
  headers: Record<string, string>;
  body: unknown;
}

// Both addresses are the operator's (see above): private networks allowed, http or https.
const operatorPolicy: OutboundPolicy = { reach: 'private', plainHttp: 'any' };
const publicPolicy: OutboundPolicy = { reach: 'public', plainHttp: 'loopback' };

function libreRequest(settings: Extract<TranslationSettings, { provider: 'libretranslate' }>, source: SourceText): Call {
  const url = `${settings.url.replace(/\/+$/, '')}/translate`;
  const body = { q: source.texts, source: source.from, target: source.to, format: 'html', ...(settings.apiKey ? { api_key: settings.apiKey } : {}) };
  return { url, policy: operatorPolicy, headers: {}, body };
}

function libreTexts(parsed: unknown): unknown[] | null {
  if (!parsed || typeof parsed !== 'object') return null;
  const text = (parsed as { translatedText?: unknown }).translatedText;
  return Array.isArray(text) ? text : null;
}

// DeepL names a few target languages by their variant; Patio's es is es-CO (DeepL has one Spanish).
const deeplTargets: Record<Language, string> = { es: 'ES', en: 'EN-US', de: 'DE', fr: 'FR', it: 'IT', pt: 'PT-BR' };

function deeplRequest(settings: Extract<TranslationSettings, { provider: 'deepl' }>, source: SourceText): Call {
  // Free-plan keys end in ":fx" and are served by api-free.deepl.com.
  const host = settings.apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
  const base = (settings.url ?? host).replace(/\/+$/, '');
  return {
    url: `${base}/v2/translate`,
    policy: settings.url ? operatorPolicy : publicPolicy,
    headers: { authorization: `DeepL-Auth-Key ${settings.apiKey}` },
    body: { text: source.texts, source_lang: source.from.toUpperCase(), target_lang: deeplTargets[source.to], tag_handling: 'html' },
  };
}

function deeplTexts(parsed: unknown): unknown[] | null {
  if (!parsed || typeof parsed !== 'object') return null;
  const list = (parsed as { translations?: unknown }).translations;
  if (!Array.isArray(list)) return null;
  return list.map((item: unknown) => (item && typeof item === 'object' ? (item as { text?: unknown }).text : undefined));
}
