import { useTranslation } from 'react-i18next';
import { NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { DASHBOARD_PERIODS, MAX_DASHBOARD_TITLE, MAX_READ_RATE_POSTS } from '@patio/core/schemas/dashboards';
import type { NodeOption } from '../nodes';
import { usePostTypes } from '../posts';
import { RecentPostSelect } from './RecentPostSelect';
import { blockProblemOf, usesNode, usesPeriod, type DraftBlock } from './dashboardModel';
import classes from './dashboards.module.css';

export interface BlockOptionsFieldsProps {
  block: DraftBlock;
  nodes: NodeOption[];
  /** Whether to say what the block still lacks (after a first try to save). */
  showProblems: boolean;
  onChange: (block: DraftBlock) => void;
}

const idOf = (value: string | number) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** A block's title and options, only those its kind uses (a readRate block: one post or the latest of a type). */
export function BlockOptionsFields({ block, nodes, showProblems, onChange }: BlockOptionsFieldsProps) {
  const { t } = useTranslation();
  const postTypes = usePostTypes();
  const { options } = block;
  const set = (patch: Partial<DraftBlock['options']>) => onChange({ ...block, options: { ...options, ...patch } });
  const problem = showProblems ? blockProblemOf(block.kind, options) : null;
  const byPost = block.kind === 'readRate' && options.postId !== null;
  const typeOptions: { value: string; label: string }[] = [...(postTypes?.values() ?? [])].map((type) => ({ value: type.type, label: type.plural }));
  if (options.postType && !typeOptions.some((o) => o.value === options.postType)) typeOptions.unshift({ value: options.postType, label: options.postType });

  return (
    <div className={classes.optionGrid}>
      <TextInput
        label={t('dashboardScreens.block.title')}
        description={t('dashboardScreens.block.titleHint')}
        // Mantine's dimmed grey falls short of 4.5:1 on white at this size.
        styles={{ description: { color: '#495057' } }}
        value={block.title}
        maxLength={MAX_DASHBOARD_TITLE}
        placeholder={t(`dashboardScreens.kinds.${block.kind}`)}
        onChange={(event) => onChange({ ...block, title: event.currentTarget.value })}
      />
      {usesPeriod(block.kind) && (
        <NativeSelect
          label={t('dashboardScreens.block.period')}
          value={options.period}
          data={DASHBOARD_PERIODS.map((value) => ({ value, label: t(`dashboardScreens.periods.${value}`) }))}
          onChange={(event) => set({ period: event.currentTarget.value as DraftBlock['options']['period'] })}
        />
      )}
      {usesNode(block.kind) && (
        <NativeSelect
          label={t('dashboardScreens.block.group')}
          value={options.node === null ? '' : String(options.node)}
          data={[{ value: '', label: t('dashboardScreens.filters.allGroups') }, ...nodes]}
          onChange={(event) => set({ node: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
        />
      )}
      {block.kind === 'readRate' && (
        <>
          <NativeSelect
            label={t('dashboardScreens.block.posts')}
            value={byPost ? 'post' : 'type'}
            data={[
              { value: 'type', label: t('dashboardScreens.block.byType') },
              { value: 'post', label: t('dashboardScreens.block.byPost') },
            ]}
            onChange={(event) => (event.currentTarget.value === 'post' ? set({ postId: options.postId ?? 0 }) : set({ postId: null, postType: options.postType ?? 'urgent_notice' }))}
          />
          {byPost ? (
            <RecentPostSelect postId={options.postId ?? 0} error={problem ? t(problem) : undefined} onChange={(postId) => set({ postId })} />
          ) : (
            <>
              <NativeSelect
                label={t('dashboardScreens.block.postType')}
                value={options.postType ?? ''}
                data={typeOptions}
                error={problem ? t(problem) : undefined}
                onChange={(event) => set({ postType: event.currentTarget.value || null })}
              />
              <NumberInput
                label={t('dashboardScreens.block.limit')}
                value={options.limit}
                min={1}
                max={MAX_READ_RATE_POSTS}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                onChange={(value) => set({ limit: typeof value === 'number' && value >= 1 ? value : 1 })}
              />
            </>
          )}
        </>
      )}
      {block.kind === 'formResults' && (
        <NumberInput
          label={t('dashboardScreens.block.formId')}
          value={options.formId ?? ''}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          error={problem ? t(problem) : undefined}
          onChange={(value) => set({ formId: idOf(value) })}
        />
      )}
    </div>
  );
}
