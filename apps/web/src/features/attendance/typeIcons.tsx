import { IconCheck, IconClockHour4, IconShieldCheck, IconX, type Icon } from '@tabler/icons-react';
import type { AttendanceType } from '@patio/core/schemas/attendance';

/** One icon per kind of mark, beside its word and colour (never colour alone). */
export const TYPE_ICONS: Record<AttendanceType, Icon> = {
  present: IconCheck,
  absent: IconX,
  late: IconClockHour4,
  excused: IconShieldCheck,
};
