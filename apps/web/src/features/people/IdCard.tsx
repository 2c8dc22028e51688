import { useContext, useEffect, useId, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import type { IdCode } from '@patio/core/schemas/attendance';
import type { PersonGroup, PersonProfile } from '@patio/core/schemas/people';
import { schoolBarShade } from '../../app/SchoolLook';
import { useSessionState } from '../../app/services';
import { SchoolLogoContext } from '../../ui/schoolLogo';
import { IdQrCode } from './IdQrCode';
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
 * attribute scopes that rule, so other screens print as they are once this one is left. With several
 * cards on screen (a family's /id), the one whose button was pressed prints, or the first one.
 */
function usePrintOnlyCard(card: RefObject<HTMLElement | null>): () => void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.printOnly = 'id-card';
    // Listeners run in the order the cards mounted: the first card claims a print nobody chose.
    const claim = () => {
      if (!root.dataset.printChosen) claimFor(card.current);
    };
    const release = () => {
      delete root.dataset.printChosen;
      if (card.current) delete card.current.dataset.printing;
    };
    window.addEventListener('beforeprint', claim);
    window.addEventListener('afterprint', release);
    return () => {
      window.removeEventListener('beforeprint', claim);
      window.removeEventListener('afterprint', release);
      release();
      delete root.dataset.printOnly;
    };
  }, [card]);
  return () => {
    claimFor(card.current);
    window.print();
  };
}

function claimFor(card: HTMLElement | null): void {
  for (const other of document.querySelectorAll<HTMLElement>('[data-printing]')) delete other.dataset.printing;
  if (!card) return;
  document.documentElement.dataset.printChosen = 'true';
  card.dataset.printing = 'true';
}

export interface IdCardProps {
  person: PersonProfile;
  /** Today's QR code (issue 36 §3) under the card; null says there is none; left out, no code part. */
  code?: IdCode | null;
}

/**
 * The digital school ID card of a student (issue 33 item 4): the school's logo, name and colour, photo,
 * name, code, class and year; on /id, with the day's QR code under it (never printed: it is good for one day).
 */
export function IdCard({ person, code: idCode }: IdCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const logo = useContext(SchoolLogoContext);
  const schoolName = useSessionState((s) => s.settings?.title ?? s.school?.title ?? '');
  const band = schoolBarShade(useSessionState((s) => s.settings?.color));
  const cardRef = useRef<HTMLElement>(null);
  const print = usePrintOnlyCard(cardRef);

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
      <article ref={cardRef} className={classes.idCard} aria-labelledby={titleId} data-testid="id-card">
        <div className={classes.card}>
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
          <p className={classes.student}>{labelOf(t, 'roles', 'student')}</p>
        </div>
        {idCode !== undefined && <IdQrCode code={idCode} holderName={name} />}
      </article>
      <Button variant="light" className={classes.printButton} leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={print}>
        {t('idCard.print')}
      </Button>
    </div>
  );
}
