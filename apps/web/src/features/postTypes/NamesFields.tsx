import { useTranslation } from 'react-i18next';
import { SimpleGrid, TextInput } from '@mantine/core';
import { languages } from '@patio/core/i18n/index';
import type { Language } from '@patio/core/schemas/person';
import { LANGUAGES } from '@patio/core/constants';
import type { PostTypeForm } from './postTypeForm';
import classes from './postTypes.module.css';

export interface NamesFieldsProps {
  names: PostTypeForm['names'];
  onChange: (lang: Language, form: 'singular' | 'plural', value: string) => void;
  /** Languages with an empty name, once saving was tried. */
  missing: Language[];
}

/** Singular and plural in each of the six languages, one group per language. */
export function NamesFields({ names, onChange, missing }: NamesFieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {LANGUAGES.map((lang) => {
        const language = languages.find((l) => l.dictionary === lang)?.name ?? lang;
        const isMissing = missing.includes(lang);
        return (
          <fieldset key={lang} className={classes.language} lang={lang}>
            <legend className={classes.legend}>{language}</legend>
            <TextInput
              label={t('postTypes.singular')}
              value={names[lang].singular}
              onChange={(event) => onChange(lang, 'singular', event.currentTarget.value)}
              maxLength={80}
              required
              error={isMissing && !names[lang].singular.trim() ? t('postTypes.nameRequired') : undefined}
            />
            <TextInput
              label={t('postTypes.plural')}
              value={names[lang].plural}
              onChange={(event) => onChange(lang, 'plural', event.currentTarget.value)}
              maxLength={80}
              required
              error={isMissing && !names[lang].plural.trim() ? t('postTypes.nameRequired') : undefined}
            />
          </fieldset>
        );
      })}
    </SimpleGrid>
  );
}
