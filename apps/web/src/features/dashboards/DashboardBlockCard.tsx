import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader } from '@mantine/core';
import type { DashboardBlock } from '@patio/core/schemas/dashboards';
import type { NodeOption } from '../nodes';
import { Notice } from '../../ui/Notice';
import { BlockFigures } from './BlockFigures';
import { BlockFilters } from './BlockFilters';
import { dataQueryOf, initialFilterOf, type AddressFilter, type BlockFilter } from './dashboardModel';
import { blockNameOf, dashboardErrorText, type Formats } from './dashboardText';
import { useBlockData } from './useDashboards';
import classes from './dashboards.module.css';

export interface DashboardBlockCardProps {
  dashboardId: number;
  block: DashboardBlock;
  /** The route's filter (`?node=`, `?period=`, `?from=&to=`), over the block's defaults. */
  address: AddressFilter;
  nodes: NodeOption[];
  today: string;
  formats: Formats;
  /** Header actions (the block editor's edit and delete buttons, a link to edit). */
  actions?: ReactNode;
  /** What shows instead of the figures (the block editor's edit form or delete question). */
  children?: ReactNode;
  /** The block editor's mode, for the frame's colour. */
  mode?: 'read' | 'edit' | 'delete';
}

/** One data block: its name, its filter, and its figures fetched again whenever the filter changes. */
export function DashboardBlockCard({ dashboardId, block, address, nodes, today, formats, actions, children, mode }: DashboardBlockCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [filter, setFilter] = useState<BlockFilter>(() => initialFilterOf(block, address));
  const query = dataQueryOf(block.kind, filter, today);
  const data = useBlockData(dashboardId, block.id, query);
  const name = blockNameOf(t, block);

  let body: ReactNode;
  if (children) body = children;
  else if (data.isError)
    body = (
      <Group gap="xs" align="flex-start">
        <Notice tone="error">{dashboardErrorText(t, data.error)}</Notice>
        <Button size="xs" variant="subtle" onClick={() => void data.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  else if (!data.data) body = query === null ? null : <Loader role="status" size="sm" aria-label={t('dashboardScreens.view.loadingBlock', { name })} />;
  else
    body = (
      <div className={classes.figures} data-stale={data.isPlaceholderData || undefined} aria-busy={data.isFetching || undefined}>
        <BlockFigures data={data.data} formats={formats} />
      </div>
    );

  return (
    <section className={classes.card} aria-labelledby={titleId} data-kind={block.kind} data-block={block.id} data-mode={mode}>
      <header className={classes.cardHeader}>
        <h2 id={titleId} className={classes.cardTitle}>
          {name}
        </h2>
        {actions}
      </header>
      {!children && <BlockFilters kind={block.kind} name={name} filter={filter} nodes={nodes} today={today} onChange={setFilter} />}
      {body}
    </section>
  );
}
