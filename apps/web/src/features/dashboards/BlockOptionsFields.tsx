import { useTranslation } from 'react-i18next';
import { NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { DASHBOARD_PERIODS, MAX_DASHBOARD_TITLE, MAX_READ_RATE_POSTS } from '@patio/core/schemas/dashboards';
import type { NodeOption } from '../nodes';
import { usePostTypes } from '../posts';
import { RecentItemSelect } from './RecentItemSelect';
import { useRecentForms, useRecentPosts } from './useRecentItems';
import { blockProblemOf, usesNode, usesPeriod, type DraftBlock } from './dashboardModel';
import classes from './dashboards.module.css';

export interface BlockOptionsFieldsProps {
  block: DraftBlock;
  nodes: NodeOption[];
  /** Whether to say what the block still lacks (after a first try to save). */
  showProblems: boolean;
  onChange: (block: DraftBlock) => void;
}

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
            <RecentPostPicker postId={options.postId} error={problem ? t(problem) : undefined} onChange={(postId) => set({ postId })} />
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
      {block.kind === 'formResults' && <RecentFormPicker formId={options.formId} error={problem ? t(problem) : undefined} onChange={(formId) => set({ formId: formId || null })} />}
    </div>
  );
}

interface PickerProps {
  error?: string;
  onChange: (id: number) => void;
}

/** A readRate block's one post. Its own component, so the sent posts are asked for only when a block needs them. */
function RecentPostPicker({ postId, ...rest }: PickerProps & { postId: number | null }) {
  const { t } = useTranslation();
  return <RecentItemSelect label={t('dashboardScreens.block.recentPost')} numberLabel={t('dashboardScreens.block.postId')} items={useRecentPosts()} value={postId} {...rest} />;
}

/** A formResults block's form. */
function RecentFormPicker({ formId, ...rest }: PickerProps & { formId: number | null }) {
  const { t } = useTranslation();
  return <RecentItemSelect label={t('dashboardScreens.block.form')} numberLabel={t('dashboardScreens.block.formId')} items={useRecentForms()} value={formId} {...rest} />;
}
