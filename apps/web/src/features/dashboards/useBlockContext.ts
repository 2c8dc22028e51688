import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '@patio/core/calendar/times';
import { useSchoolTimeZone } from '../../app/schoolTimeZone';
import { useNodeOptions } from '../nodes';
import { addressFilterOf, todayOf } from './dashboardModel';
import { useFormats } from './dashboardText';

/**
 * What every block of a page shares: the route's filter, the groups the viewer reaches (GET nodes),
 * today in the school's zone and the reader's number formats. `ready` waits for the zone: a guessed
 * "today" would ask a Madrid school's figures for the wrong day.
 */
export function useBlockContext() {
  const [search] = useSearchParams();
  const zone = useSchoolTimeZone();
  const timeZone = zone ?? DEFAULT_TIME_ZONE;
  const address = useMemo(() => addressFilterOf(search), [search]);
  const nodes = useNodeOptions();
  const formats = useFormats(timeZone);
  return { ready: zone !== null, address, nodes, today: todayOf(timeZone), formats };
}
