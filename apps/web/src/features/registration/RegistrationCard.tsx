import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { useSessionState } from '../../app/services';
import { LinkChoices } from './LinkChoices';
import { MatchWarning } from './MatchWarning';
import { SchoolMatchNote } from './SchoolMatchNote';
import type { Decision, LinkMode, PendingRegistration } from './useRegistrations';
import classes from './registrations.module.css';

/** A birthday 'YYYY-MM-DD' as a long date in the interface language, without time-zone drift. */
function formatBirthday(value: string, language: string): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export interface RegistrationCardProps {
  registration: PendingRegistration;
  /** True while this family's decision is being sent. */
  isDeciding: boolean;
  /** The link mode of the approval being sent for this family, if any. */
  decidingLink?: LinkMode | null;
  /** True while any decision is being sent: one at a time. */
  isBusy: boolean;
  onDecide: (decision: Decision, link?: LinkMode, reason?: string) => void;
}

/**
 * One pending family: the parent, their children with the requested class, document, birthday and
 * gender, and the other relatives with what they are to the children, each with their document and,
 * when the school already has that person, who it is. A match is only a warning (decision 023):
 * approving makes a new person, and linking is a separate choice (confirmation or audited decision).
 */
export function RegistrationCard({ registration, isDeciding, decidingLink = null, isBusy, onDecide }: RegistrationCardProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const [isConfirming, setConfirming] = useState(false);
  const name = formatFullName({ ...registration, lastName2: null });
  const headingId = `registration-${registration.personId}`;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(registration.createdAt));
  const { relatives } = registration;
  const hasMatch = Boolean(registration.match) || [...registration.children, ...relatives].some((p) => p.match);
  const hasOtherMatches = [...registration.children, ...relatives].some((p) => p.match);
  // Decision 023: with a match, "approve" means "as a new person"; linking is a separate, explicit choice.
  const isApprovingAsNew = isDeciding && (decidingLink === null || decidingLink === 'none');
  const documentOf = (document: string | null) => (document ? t('registrations.documentValue', { document }) : t('registrations.noDocument'));

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId} className={classes.card}>
      <div className={classes.header}>
        <h2 id={headingId} className={classes.name}>
          {name}
        </h2>
        <span className={registration.emailVerified ? classes.verified : classes.unverified}>
          {registration.emailVerified ? t('registrations.emailVerified') : t('registrations.emailNotVerified')}
        </span>
      </div>
      <p className={classes.date}>{t('registrations.registeredOn', { date })}</p>
      <dl className={classes.facts}>
        <dt>{t('person.email')}</dt>
        <dd>
          <a href={`mailto:${registration.email}`}>{registration.email}</a>
        </dd>
        <dt>{t('person.document')}</dt>
        <dd>
          {registration.document || t('registrations.noDocument')}
          {registration.match && <SchoolMatchNote match={registration.match} />}
        </dd>
      </dl>
      <h3 className={classes.subtitle}>{t('registrations.children')}</h3>
      <ul className={classes.children}>
        {registration.children.map((child, i) => (
          <li key={child.id ?? `child-${i}`}>
            <span className={classes.childName}>{formatFullName({ ...child, lastName2: null })}</span>
            <Text span size="sm" c="dark.4">
              {child.course?.name ?? t('registrations.noCourse')}
            </Text>
            <dl className={classes.childFacts}>
              <div>
                <dt>{t('person.document')}</dt>
                <dd>{child.document || t('registrations.noDocument')}</dd>
              </div>
              <div>
                <dt>{t('person.birthday')}</dt>
                <dd>{child.birthday ? formatBirthday(child.birthday, language) : t('registrationCard.notGiven')}</dd>
              </div>
              <div>
                <dt>{t('person.gender')}</dt>
                <dd>{child.gender ? t(`person.${child.gender}`) : t('registrationCard.notGiven')}</dd>
              </div>
            </dl>
            {child.match && <SchoolMatchNote match={child.match} />}
          </li>
        ))}
      </ul>
      {relatives.length > 0 && (
        <>
          <h3 className={classes.subtitle}>{t('registrations.relatives')}</h3>
          <ul className={classes.children}>
            {relatives.map((relative, i) => (
              <li key={i}>
                <span className={classes.childName}>{formatFullName({ ...relative, lastName2: null })}</span>
                <Text span size="sm" c="dark.4">
                  {[t(`kinds.${relative.kind}`, { defaultValue: relative.kind }), documentOf(relative.document)].join(' · ')}
                </Text>
                {relative.match && <SchoolMatchNote match={relative.match} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {registration.match && <MatchWarning registration={registration} match={registration.match} />}
      {hasOtherMatches && <p className={classes.matchHint}>{t('registrationLinks.othersMatched')}</p>}
      {registration.linking && (
        <LinkChoices
          registration={registration}
          linking={registration.linking}
          deciding={isDeciding ? decidingLink : null}
          isBusy={isBusy}
          onLink={(link, reason) => onDecide('approve', link, reason)}
        />
      )}
      {isConfirming ? (
        <div role="group" aria-labelledby={`${headingId}-confirm`} className={classes.confirm}>
          <p id={`${headingId}-confirm`}>{t('registrations.confirmReject', { name })}</p>
          <Group gap="xs">
            <Button color="red.9" loading={isDeciding} disabled={isBusy && !isDeciding} onClick={() => onDecide('reject')}>
              {t('registrations.reject')}
            </Button>
            <Button variant="default" disabled={isDeciding} onClick={() => setConfirming(false)}>
              {t('registrations.cancel')}
            </Button>
          </Group>
        </div>
      ) : (
        <Group gap="xs" mt="sm">
          <Button
            leftSection={<IconCheck size={18} aria-hidden="true" />}
            loading={isApprovingAsNew}
            disabled={isBusy && !isApprovingAsNew}
            aria-label={hasMatch ? t('registrationLinks.approveAsNewFamily', { name }) : t('registrations.approveFamily', { name })}
            onClick={() => onDecide('approve', hasMatch ? 'none' : undefined)}
          >
            {hasMatch ? t('registrationLinks.approveAsNew') : t('registrations.approve')}
          </Button>
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconX size={18} aria-hidden="true" />}
            disabled={isBusy}
            aria-label={t('registrations.rejectFamily', { name })}
            onClick={() => setConfirming(true)}
          >
            {t('registrations.reject')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
