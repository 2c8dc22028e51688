import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loader, Text } from '@mantine/core';
import { formatPersonName } from '@patio/core/people/displayName';
import type { AudienceRule } from '@patio/core/audiences/index';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useAudiencePreview } from './useAudiencePreview';
import classes from './compose.module.css';

export interface AudiencePreviewProps {
  rule: AudienceRule | null;
  includeRelatives: boolean;
}

/** The live count of the people a rule selects, and on demand the first of them. */
export function AudiencePreview({ rule, includeRelatives }: AudiencePreviewProps) {
  const { t } = useTranslation();
  const preview = useAudiencePreview(rule, includeRelatives);
  const [isOpen, setOpen] = useState(false);

  let status;
  if (rule === null) status = <Text size="sm">{t('compose.rules.incomplete')}</Text>;
  else if (preview.isError) {
    const error = preview.error;
    const text =
      error instanceof ApiError && error.status === 403
        ? t('compose.rules.forbidden')
        : error instanceof ApiError && error.status === 400
          ? t('compose.rules.invalid')
          : describeError(t, error);
    status = (
      <Text size="sm" c="red.8">
        {text}
      </Text>
    );
  } else if (!preview.data) status = <Loader role="status" size="xs" aria-label={t('compose.rules.counting')} />;
  else status = <Text fw={600}>{t('compose.rules.count', { count: preview.data.count })}</Text>;

  const sample = rule !== null && !preview.isError ? (preview.data?.sample ?? []) : [];
  const more = (preview.data?.count ?? 0) - sample.length;

  return (
    <div className={classes.preview}>
      <div aria-live="polite" className={classes.previewCount}>
        {status}
        {preview.isFetching && preview.data && <Loader role="status" size="xs" aria-label={t('compose.rules.counting')} />}
      </div>
      {sample.length > 0 && (
        <Button variant="subtle" size="compact-sm" onClick={() => setOpen((open) => !open)} aria-expanded={isOpen}>
          {isOpen ? t('compose.rules.hidePeople') : t('compose.rules.showPeople')}
        </Button>
      )}
      {isOpen && sample.length > 0 && (
        <ul className={classes.sample} aria-label={t('compose.rules.sample')}>
          {sample.map((person) => (
            <li key={person.id}>{formatPersonName(person)}</li>
          ))}
          {more > 0 && <li className={classes.sampleMore}>{t('compose.rules.andMore', { count: more })}</li>}
        </ul>
      )}
    </div>
  );
}
