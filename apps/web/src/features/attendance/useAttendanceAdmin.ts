import { useQuery } from '@tanstack/react-query';
import { appendQuery } from '@patio/core/query';
import type { AttendanceDay, AttendanceReport } from '@patio/core/schemas/attendance';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { dayKey, reportKey } from './attendanceKeys';

export interface ReportFilters {
  from: string;
  to: string;
  /** A node id, or '' for the whole school. */
  node: string;
}

/** The query of GET attendance/reports(.csv): node only when one is picked. */
export function reportQueryOf(filters: ReportFilters): Record<string, string> {
  return { ...(filters.node ? { node: filters.node } : {}), from: filters.from, to: filters.to };
}

/** GET attendance/day?date=: the checkpoints of a day, taken or not, and who is missing. */
export function useAttendanceDay(date: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: dayKey(date),
    queryFn: ({ signal }) => api.get<AttendanceDay>(appendQuery('attendance/day', { date }), { signal }),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** GET attendance/reports?node=&from=&to=: rates per student and per group over a period. */
export function useAttendanceReport(filters: ReportFilters, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: reportKey(filters),
    queryFn: ({ signal }) => api.get<AttendanceReport>(appendQuery('attendance/reports', { ...reportQueryOf(filters), limit: 1000 }), { signal }),
    enabled,
    placeholderData: (previous) => previous,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
