import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { FormLoadProblem } from './FormLoadProblem';
import { PersonLine } from './PersonLine';
import { useFormPending } from './ownerQueries';
import classes from './form.module.css';

/** People the form's posts reached who have not answered yet, for themselves or for a child. */
export function PendingList({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const pending = useFormPending(formId);
  if (!pending.data) return <FormLoadProblem error={pending.error} onRetry={() => void pending.refetch()} />;
  const people = pending.data.pages.flatMap((p) => p.items);
  const total = pending.data.pages[pending.data.pages.length - 1]?.total ?? people.length;
  if (people.length === 0) return <Text c="dimmed">{t('blocks.form.owner.nobodyPending')}</Text>;
  return (
    <>
      <Text size="sm">{t('blocks.form.owner.pendingCount', { count: total })}</Text>
      <ul className={classes.people} aria-label={t('blocks.form.owner.pending')}>
        {people.map((person) => (
          <li key={person.id}>
            <PersonLine person={person} />
          </li>
        ))}
      </ul>
      {pending.hasNextPage && (
        <Button variant="default" loading={pending.isFetchingNextPage} onClick={() => void pending.fetchNextPage()}>
          {t('blocks.form.owner.more')}
        </Button>
      )}
    </>
  );
}
