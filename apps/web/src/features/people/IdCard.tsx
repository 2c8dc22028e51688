import { useContext, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { PersonGroup, PersonProfile } from '@patio/core/schemas/people';
import { schoolBarShade } from '../../app/SchoolLook';
import { useSessionState } from '../../app/services';
import { SchoolLogoContext } from '../../ui/schoolLogo';
import { labelOf } from './labels';
import { PersonAvatar } from './PersonAvatar';
import classes from './IdCard.module.css';
import '../../ui/mantineStyles';

/** Node types a card names: classes and grades, as the children list does (not routes, teams or clubs). */
const isClassOrGrade = (typeKey: string) => typeKey.startsWith('class') || typeKey.startsWith('grade');

export interface Enrollment {
  /** The classes or grades of the current school year, by name. */
  groups: string[];
  /** The latest school year among them, when the school records years. */
  schoolYear: string | null;
}

/**
 * The student's current classes and school year: the latest year among active enrollments in a class
 * or grade (a pending, withdrawn or past one is in the profile's groups list, not on the card).
 */
export function currentEnrollment(groups: readonly PersonGroup[]): Enrollment {
  const current = groups.filter((g) => g.role === 'student' && isClassOrGrade(g.typeKey) && (g.enrollmentStatus ?? 'active') === 'active');
  // Years are "2026" or "2025-2026": the later one sorts last either way.
  const schoolYear = current.reduce<string | null>((latest, g) => (g.schoolYear && (!latest || g.schoolYear > latest) ? g.schoolYear : latest), null);
  const names = current.filter((g) => !g.schoolYear || g.schoolYear === schoolYear).map((g) => g.nodeName);
  return { groups: [...new Set(names)], schoolYear };
}

/**
 * Whether a profile gets an ID card: a student's, and only with the school data (groups) that the
 * student, their relatives and the staff who teach or serve them receive; the public card has none.
 */
export function hasIdCard(person: PersonProfile): boolean {
  return (person.roles ?? []).includes('student') && person.groups !== undefined;
}

/**
 * While a card is on screen, printing the page prints the card alone (IdCard.module.css): the
 * attribute scopes that rule, so other screens print as they are once this one is left.
 */
function usePrintOnlyCard(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.printOnly = 'id-card';
    return () => {
      delete root.dataset.printOnly;
    };
  }, []);
}

/** The digital school ID card of a student (issue 33 item 4): the school's logo, name and colour, photo, name, code, class and year. */
export function IdCard({ person }: { person: PersonProfile }) {
  const { t } = useTranslation();
  const titleId = useId();
  const logo = useContext(SchoolLogoContext);
  const schoolName = useSessionState((s) => s.settings?.title ?? s.school?.title ?? '');
  const band = schoolBarShade(useSessionState((s) => s.settings?.color));
  usePrintOnlyCard();

  const name = formatFullName(person) || t('people.unnamed');
  const { groups, schoolYear } = currentEnrollment(person.groups ?? []);
  // The school's own student code identifies a student best; the document when there is none.
  const code = person.studentCode
    ? { label: t('person.studentCode'), value: person.studentCode }
    : person.document
      ? { label: t('person.document'), value: person.document }
      : null;

  return (
    <div className={classes.wrap}>
      <article className={classes.card} aria-labelledby={titleId} data-testid="id-card">
        <header className={classes.band} style={{ background: band }}>
          {logo && (
            <span className={classes.logoFrame}>
              <img src={logo} alt={t('idCard.logoAlt', { school: schoolName })} className={classes.logo} />
            </span>
          )}
          <span className={classes.bandText}>
            <span className={classes.school}>{schoolName}</span>
            <h2 id={titleId} className={classes.title}>
              {t('idCard.title')}
            </h2>
          </span>
        </header>
        <div className={classes.body}>
          <span className={classes.photo}>
            <PersonAvatar person={person} size={88} shape="square" />
          </span>
          <dl className={classes.facts}>
            <div className={classes.nameRow}>
              <dt className={classes.visuallyHidden}>{t('idCard.name')}</dt>
              <dd className={classes.name}>{name}</dd>
            </div>
            {code && (
              <div>
                <dt>{code.label}</dt>
                <dd className={classes.code}>{code.value}</dd>
              </div>
            )}
            {groups.length > 0 && (
              <div>
                <dt>{t('idCard.groups', { count: groups.length })}</dt>
                <dd>{groups.join(' · ')}</dd>
              </div>
            )}
            {schoolYear && (
              <div>
                <dt>{t('idCard.schoolYear')}</dt>
                <dd>{schoolYear}</dd>
              </div>
            )}
          </dl>
        </div>
        <p className={classes.student}>
          {labelOf(t, 'roles', 'student')}
        </p>
      </article>
      <Button variant="light" className={classes.printButton} leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
        {t('idCard.print')}
      </Button>
    </div>
  );
}
