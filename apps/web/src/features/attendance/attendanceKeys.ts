// Cache keys of the attendance area: everything lives under ['attendance'], so saved marks refresh the
// roll, the admin's day and the rates in one call.

export const ATTENDANCE_KEY = ['attendance'] as const;
export const rollKey = (nodeId: number, date: string) => ['attendance', 'roll', nodeId, date] as const;
export const dayKey = (date: string) => ['attendance', 'day', date] as const;
export const reportKey = (query: object) => ['attendance', 'report', query] as const;

/** Where this device keeps a node's queued marks and the rolls it has read, per school (ids of two schools may meet on one phone). */
export const queueStorageKey = (school: string, nodeId: number) => `patio.attendance.${school}.${nodeId}.queue`;
export const rollStorageKey = (school: string, nodeId: number) => `patio.attendance.${school}.${nodeId}.roll`;
