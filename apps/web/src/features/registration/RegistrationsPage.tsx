import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { Notice } from '../../ui/Notice';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { describeError } from '../../app/api/describeError';
import { RefusalMessage } from '../../app/RefusalMessage';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RegistrationCard } from './RegistrationCard';
import type { Registration } from '@patio/core/schemas/registration';
import { useDecideRegistration, usePendingRegistrations, type Decision, type LinkMode } from './useRegistrations';
import classes from './registrations.module.css';

type Outcome = { tone: 'info' | 'error'; text: string };

/** /registrations: administrators approve or reject the families that registered themselves (issue 3 §5). */
export const RegistrationsPage = withDirectoryTerms(function RegistrationsPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const pending = usePendingRegistrations();
  const decide = useDecideRegistration();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function describeRefusal(error: unknown): string {
    const status = error instanceof ApiError ? error.status : 0;
    // The parent's document belongs to someone who already signs in: approving would hand that account over.
    if (error instanceof ApiError && error.code === 'document_in_use') return t('registrations.documentInUse');
    const linkRefusals: Record<string, string> = {
      link_needs_confirmation: t('registrationLinks.linkNeedsConfirmation'),
      no_contact_on_file: t('registrationLinks.noContactOnFile'),
      confirmation_pending: t('registrationLinks.confirmationPending'),
      link_refused: t('registrationLinks.linkRefused'),
      reason_required: t('registrationLinks.reasonRequired'),
    };
    if (error instanceof ApiError && error.code && error.code in linkRefusals) return linkRefusals[error.code];
    if (status === 409) return t('registrations.decided');
    if (status === 404) return t('registrations.gone');
    return describeError(t, error);
  }

  /** What the administrator is told once a decision is stored. */
  function describeSuccess(decision: Decision, link: LinkMode | undefined, name: string, answer: Registration): string {
    if (decision === 'reject') return t('registrations.rejected', { name });
    if (link === 'confirm') return t('registrationLinks.confirmationSent', { email: answer.linking?.confirmation?.sentTo ?? '' });
    if (link === 'decide') return t('registrationLinks.linkedByDecision', { name });
    if (link === 'none') return t('registrationLinks.approvedAsNew', { name });
    return t('registrations.approved', { name });
  }

  function handleDecide(personId: number, decision: Decision, name: string, link?: LinkMode, reason?: string): void {
    setOutcome(null);
    decide.mutate(
      { personId, decision, name, link, reason },
      {
        onSuccess: (answer) => setOutcome({ tone: 'info', text: describeSuccess(decision, link, name, answer) }),
        onError: (error) => setOutcome({ tone: 'error', text: describeRefusal(error) }),
      },
    );
  }

  let body;
  if (pending.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (pending.isError) body = <RefusalMessage error={pending.error} onRetry={() => void pending.refetch()} />;
  else if (pending.data.length === 0) {
    body = <StatusMessage icon={<IconUserCheck size={36} />} title={t('registrations.emptyTitle')} body={t('registrations.emptyBody')} />;
  } else {
    body = (
      <>
        <p className={classes.count}>{t('registrations.count', { count: pending.data.length })}</p>
        <ul className={classes.list} aria-label={t('registrations.listLabel')}>
          {pending.data.map((registration) => (
            <li key={registration.personId}>
              <RegistrationCard
                registration={registration}
                isDeciding={decide.isPending && decide.variables?.personId === registration.personId}
                decidingLink={decide.variables?.link ?? null}
                isBusy={decide.isPending}
                onDecide={(decision, link, reason) => handleDecide(registration.personId, decision, `${registration.firstName} ${registration.lastName}`, link, reason)}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <PageShell title={t('screens.registrations')} onBack={goBack}>
      {outcome && (
        <div className={classes.outcome}>
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      )}
      {body}
    </PageShell>
  );
});
