import { useTranslation } from 'react-i18next';
import { Tabs, Text } from '@mantine/core';
import type { FormEntity } from '@patio/core/schemas/blocks';
import { formatNumber } from '@patio/core/format/numbers';
import { AnswersList } from './AnswersList';
import { CsvButton } from './CsvButton';
import { FormLoadProblem } from './FormLoadProblem';
import { PendingList } from './PendingList';
import { ResultsPanel } from './ResultsPanel';
import { shareOf } from './ResultsChart';
import { useFormResults } from './ownerQueries';
import classes from './form.module.css';

/**
 * The form's owner reading their post: how many answered of how many it reached, results per choice,
 * the answers per person, who is missing, and the CSV. Lists load when their tab opens.
 */
export function FormOwnerView({ formId, form }: { formId: number; form: FormEntity }) {
  const { t, i18n } = useTranslation();
  const results = useFormResults(formId);
  const number = (n: number) => formatNumber(n, i18n.language);
  let summary = null;
  let share: number | null = null;
  if (results.data) {
    const { answered, audience } = results.data;
    summary =
      audience === null
        ? t('blocks.form.owner.answeredCount', { count: answered })
        : t('blocks.form.owner.answeredOf', { answered: number(answered), audience: number(audience) });
    share = audience ? Math.min(100, shareOf(answered, audience)) : null;
  }
  return (
    <div className={classes.block}>
      <div className={classes.toolbar}>
        <div className={classes.summary}>
          <Text fw={600} aria-live="polite">
            {summary}
          </Text>
          {share !== null && (
            <div className={classes.barTrack} aria-hidden="true">
              <div className={classes.barFill} style={{ width: `${share}%` }} />
            </div>
          )}
        </div>
        <CsvButton formId={formId} />
      </div>
      <Tabs defaultValue="results" keepMounted={false} classNames={{ list: classes.tabList, tab: classes.tab }}>
        <Tabs.List grow>
          <Tabs.Tab value="results">{t('blocks.form.owner.results')}</Tabs.Tab>
          <Tabs.Tab value="answers">{t('blocks.form.owner.answers')}</Tabs.Tab>
          <Tabs.Tab value="pending">{t('blocks.form.owner.pending')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="results" className={classes.panel}>
          {results.data ? <ResultsPanel form={form} results={results.data} /> : <FormLoadProblem error={results.error} onRetry={() => void results.refetch()} />}
        </Tabs.Panel>
        <Tabs.Panel value="answers" className={classes.panel}>
          <AnswersList formId={formId} form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="pending" className={classes.panel}>
          <PendingList formId={formId} />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
