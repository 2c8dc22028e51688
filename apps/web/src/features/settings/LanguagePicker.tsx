import { useTranslation } from 'react-i18next';
import { Radio, Stack } from '@mantine/core';
import { languages, type LanguageCode } from '@patio/core/i18n/index';
import { useLanguageChoice } from '../../app/i18n/useLanguageChoice';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Stack.css';

/** The six languages, each written in itself; a pick applies at once and is saved with the session. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { language, choose } = useLanguageChoice();

  return (
    <Radio.Group
      value={language}
      onChange={(value) => void choose(value as LanguageCode)}
      label={t('settings.language')}
      description={t('settings.languageHint')}
      size="md"
      descriptionProps={{ c: 'dark.5' }}
    >
      <Stack gap="sm" mt="sm">
        {languages.map((option) => (
          <Radio key={option.code} value={option.code} label={<span lang={option.code}>{option.name}</span>} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
