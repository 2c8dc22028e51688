import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { DASHBOARD_PERIODS, type DashboardBlockKind } from '@patio/core/schemas/dashboards';
import type { NodeOption } from '../nodes';
import { usesNode, usesPeriod, type BlockFilter, type PeriodChoice } from './dashboardModel';
import classes from './dashboards.module.css';

export interface BlockFiltersProps {
  kind: DashboardBlockKind;
  /** The block's name, so each control says whose filter it is (several blocks share a page). */
  name: string;
  filter: BlockFilter;
  nodes: NodeOption[];
  today: string;
  onChange: (filter: BlockFilter) => void;
}

/** A block's period (presets or custom dates) and group filter; only what the kind uses is shown. */
export function BlockFilters({ kind, name, filter, nodes, today, onChange }: BlockFiltersProps) {
  const { t, i18n } = useTranslation();
  const locale = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  if (!usesPeriod(kind) && !usesNode(kind)) return null;
  const periods = [...DASHBOARD_PERIODS, 'custom' as const].map((value) => ({ value, label: t(`dashboardScreens.periods.${value}`) }));
  // A group the address or the block names but the viewer's list lacks stays selectable: the server answers for it.
  const selectedMissing = filter.node !== null && !nodes.some((n) => n.value === String(filter.node));
  const nodeOptions = [{ value: '', label: t('dashboardScreens.filters.allGroups') }, ...nodes, ...(selectedMissing ? [{ value: String(filter.node), label: `#${filter.node}` }] : [])];

  return (
    <div className={classes.filters} role="group" aria-label={t('dashboardScreens.filters.of', { name })}>
      {usesPeriod(kind) && (
        <NativeSelect
          size="xs"
          label={t('dashboardScreens.periods.label')}
          value={filter.period}
          data={periods}
          onChange={(event) => {
            const period = event.currentTarget.value as PeriodChoice;
            onChange(period === 'custom' ? { ...filter, period, from: filter.from ?? today, to: filter.to ?? today } : { ...filter, period });
          }}
        />
      )}
      {usesPeriod(kind) && filter.period === 'custom' && (
        <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'en' || locale === 'pt' ? 0 : 1 }}>
          <DatePickerInput
            type="range"
            size="xs"
            label={t('dashboardScreens.periods.range')}
            value={[filter.from, filter.to]}
            maxDate={today}
            valueFormat="D MMM YYYY"
            allowSingleDateInRange
            onChange={([from, to]) => onChange({ ...filter, from: from ? String(from).slice(0, 10) : null, to: to ? String(to).slice(0, 10) : null })}
            popoverProps={{ withinPortal: true }}
            className={classes.range}
          />
        </DatesProvider>
      )}
      {usesNode(kind) && (
        <NativeSelect
          size="xs"
          label={t('dashboardScreens.filters.group')}
          value={filter.node === null ? '' : String(filter.node)}
          data={nodeOptions}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ ...filter, node: value === '' ? null : Number(value) });
          }}
        />
      )}
    </div>
  );
}
