import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Roll, ScanResult } from '@patio/core/schemas/attendance';
import { useServices } from '../../app/services';
import { ATTENDANCE_KEY, rollKey } from './attendanceKeys';
import { applyMarks } from './rollModel';

/**
 * POST attendance/checkpoints/{nodeId}/scan with one card's code. The roll shows the scanned student
 * at once and is read again, like a saved mark. A scan is never queued offline: the card's code is
 * good for one day, and the person holding it is standing there to be told.
 */
export function useScanCode(nodeId: number) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<ScanResult>(`attendance/checkpoints/${nodeId}/scan`, { code }),
    networkMode: 'always',
    onSuccess: (result) => {
      if (!result.alreadyMarked) {
        const mark = { person: result.person.id, type: result.status, date: result.date, markedAt: Math.floor(Date.now() / 1000) };
        queryClient.setQueryData<Roll>(rollKey(nodeId, result.date), (roll) => roll && applyMarks(roll, [mark]));
      }
      void queryClient.invalidateQueries({ queryKey: ATTENDANCE_KEY });
    },
  });
}
