import { useTranslation } from 'react-i18next';
import { Paper, Title } from '@mantine/core';
import { labelOf } from './labels';
import { PersonRow } from './PersonRow';
import type { Relative } from '@patio/core/schemas/people';
import classes from './profile.module.css';
import '../../ui/mantineStyles';

/** The person's relatives, each with what they are to the person (spec §3 Relationship kinds). */
export function RelativesSection({ relatives }: { relatives: Relative[] }) {
  const { t } = useTranslation();
  if (relatives.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="person-relatives">
      <Title order={2} size="h4" id="person-relatives" mb="xs">
        {t('person.relatives')}
      </Title>
      <ul className={classes.plainList}>
        {relatives.map((relative) => (
          <li key={`${relative.id}-${relative.kind}`}>
            <PersonRow person={relative} meta={labelOf(t, 'kinds', relative.kind)} />
          </li>
        ))}
      </ul>
    </Paper>
  );
}
