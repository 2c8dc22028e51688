import { useTranslation } from 'react-i18next';
import { Paper, Title } from '@mantine/core';
import type { LanguageCode } from '@patio/core/i18n/index';
import { formatDay } from '@patio/core/format/dateTimes';
import { formatMeasure } from '@patio/core/format/numbers';
import { useSessionState } from '../../app/services';
import type { ClinicData, PersonProfile } from '@patio/core/schemas/people';
import classes from './profile.module.css';
import '../../ui/mantineStyles';

/** A birthday 'YYYY-MM-DD' as a long date in the interface language, without time-zone drift. */
export function formatBirthday(value: string, language: LanguageCode): string {
  return formatDay(value, language);
}

const present = (value: unknown): boolean => value !== undefined && value !== null && String(value).trim() !== '';

interface Fact {
  label: string;
  value: string;
}

function FactList({ id, title, facts }: { id: string; title: string; facts: Fact[] }) {
  if (facts.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      <dl className={classes.facts}>
        {facts.map((fact) => (
          <div key={fact.label} className={classes.fact}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/** The §3 profile and clinic labels; only the fields the API returned are shown. */
export function ProfileFacts({ person }: { person: PersonProfile }) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const facts: Fact[] = [];
  const add = (label: string, value: unknown, show: (v: never) => string = (v) => String(v)) => {
    if (present(value)) facts.push({ label, value: show(value as never) });
  };
  add(t('person.document'), person.document);
  add(t('person.gender'), person.gender, (g: string) => t(`person.${g === 'female' ? 'female' : 'male'}`));
  add(t('person.birthday'), person.birthday, (b: string) => formatBirthday(b, language));
  add(t('person.email'), person.email);
  add(t('person.mobile'), person.mobile);
  add(t('person.studentCode'), person.studentCode);

  const clinic: Fact[] = [];
  const c: Partial<ClinicData> = person.clinic ?? {};
  if (present(c.bloodType)) clinic.push({ label: t('person.bloodType'), value: String(c.bloodType) });
  if (present(c.weight)) clinic.push({ label: t('person.weight'), value: formatMeasure(c.weight!, 'kilogram', language) });
  if (present(c.height)) clinic.push({ label: t('person.height'), value: formatMeasure(c.height!, 'centimeter', language) });
  if (present(c.medicalInsurance)) clinic.push({ label: t('person.medicalInsurance'), value: String(c.medicalInsurance) });

  return (
    <>
      <FactList id="person-data" title={t('person.personalData')} facts={facts} />
      <FactList id="person-clinic" title={t('person.clinic')} facts={clinic} />
    </>
  );
}
