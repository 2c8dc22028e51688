import { useTranslation } from 'react-i18next';
import { IconLanguage } from '@tabler/icons-react';
import type { Language } from '@patio/core/schemas/person';
import type { PostTranslationState } from './usePostTranslation';
import classes from './PostLanguage.module.css';

export interface PostLanguageProps {
  /** The language the post was written in. */
  language: Language;
  /** The reader's interface language. */
  reader: Language;
  translation: PostTranslationState;
}

/** A language's name in the reader's language ("inglés", "Englisch"); the code when the runtime has no names. */
function languageName(code: Language, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Issue 33 item 9: under a post written in another language than the reader's, says which, and offers
 * "Translate" when the server has a translation service, then "Show original". Nothing for a post in
 * the reader's own language.
 */
export function PostLanguage({ language, reader, translation }: PostLanguageProps) {
  const { t, i18n } = useTranslation();
  if (language === reader) return null;
  const name = languageName(language, i18n.language);
  const { canTranslate, shown, isTranslating, hasFailed } = translation;
  return (
    <div className={classes.row}>
      <span className={classes.text}>
        <IconLanguage size={16} aria-hidden="true" className={classes.icon} />
        {shown ? t('postLanguage.translatedFrom', { language: name }) : t('postLanguage.written', { language: name })}
      </span>
      {shown ? (
        <button type="button" className={classes.action} onClick={translation.showOriginal}>
          {t('postLanguage.showOriginal')}
        </button>
      ) : (
        canTranslate && (
          <button type="button" className={classes.action} aria-busy={isTranslating} disabled={isTranslating} onClick={translation.translate}>
            {isTranslating ? t('postLanguage.translating') : t('postLanguage.translate')}
          </button>
        )
      )}
      {hasFailed && !shown && (
        <span role="alert" className={classes.failed}>
          {t('postLanguage.failed')}
        </span>
      )}
    </div>
  );
}
