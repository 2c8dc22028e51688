import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconChevronDown, IconWorld } from '@tabler/icons-react';
import { languages, type LanguageCode } from '@patio/core/i18n/index';
import { useLanguageChoice } from '../app/i18n/useLanguageChoice';
import classes from './PublicLanguagePicker.module.css';

/**
 * The language of the public screens: a native select (keyboard, screen readers and phones know it),
 * each language written in itself and marked with its lang, behind a globe anyone recognises.
 */
export function PublicLanguagePicker() {
  const { t } = useTranslation();
  const { language, choose } = useLanguageChoice();
  const id = useId();

  return (
    <div className={classes.picker}>
      <label htmlFor={id} className={classes.label}>
        {t('languageChoice.label')}
      </label>
      <IconWorld size={18} aria-hidden="true" className={classes.globe} />
      <select id={id} className={classes.select} value={language} lang={language} onChange={(event) => void choose(event.currentTarget.value as LanguageCode)}>
        {languages.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <IconChevronDown size={16} aria-hidden="true" className={classes.chevron} />
    </div>
  );
}
