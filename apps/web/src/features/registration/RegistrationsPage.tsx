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
import { useDecideRegistration, usePendingRegistrations, type Decision } from './useRegistrations';
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
    if (status === 409) return t('registrations.decided');
    if (status === 404) return t('registrations.gone');
    return describeError(t, error);
  }

  function handleDecide(personId: number, decision: Decision, name: string): void {
    setOutcome(null);
    decide.mutate(
      { personId, decision, name },
      {
        onSuccess: () => setOutcome({ tone: 'info', text: t(decision === 'approve' ? 'registrations.approved' : 'registrations.rejected', { name }) }),
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
                isBusy={decide.isPending}
                onDecide={(decision) => handleDecide(registration.personId, decision, `${registration.firstName} ${registration.lastName}`)}
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
