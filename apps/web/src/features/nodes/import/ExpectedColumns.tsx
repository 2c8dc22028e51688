import { useTranslation } from 'react-i18next';
import { Text, Title } from '@mantine/core';
import { IMPORT_REQUIRED_KEYS, IMPORT_TEMPLATE_KEYS } from './importFields';
import { ImportDownloadButton } from './ImportDownloadButton';
import classes from './import.module.css';

/** Which columns the import expects (required and optional) and the template to start from. */
export function ExpectedColumns() {
  const { t } = useTranslation();
  const required: readonly string[] = IMPORT_REQUIRED_KEYS;
  const optional = IMPORT_TEMPLATE_KEYS.filter((field) => !required.includes(field));
  return (
    <section aria-labelledby="import-expected" className={classes.expected}>
      <Title order={3} size="h5" id="import-expected" mb={4}>
        {t('import.expectedTitle')}
      </Title>
      <dl className={classes.columnLists}>
        <div>
          <dt>{t('import.expectedRequired')}</dt>
          <dd>
            <ul aria-label={t('import.expectedRequired')}>
              {required.map((field) => (
                <li key={field}>{t(`import.fields.${field}`)}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('import.expectedOptional')}</dt>
          <dd>
            <ul aria-label={t('import.expectedOptional')}>
              {optional.map((field) => (
                <li key={field}>{t(`import.fields.${field}`)}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <Text size="sm" c="dark.5" mt="xs">
        {t('import.expectedNote')}
      </Text>
      <div className={classes.fileRow} role="group" aria-label={t('import.templateTitle')} style={{ marginTop: 8 }}>
        <ImportDownloadButton path="import/template" format="xlsx" label={t('import.templateXlsx')} fallbackName="template" />
        <ImportDownloadButton path="import/template" format="csv" label={t('import.templateCsv')} fallbackName="template" />
      </div>
    </section>
  );
}
