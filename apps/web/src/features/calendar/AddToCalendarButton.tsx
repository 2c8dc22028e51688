import { useTranslation } from 'react-i18next';
import { IconCalendarPlus } from '@tabler/icons-react';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { useServices } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';

export interface AddToCalendarButtonProps {
  eventId: number;
  /** Names the file when the server gives no name. */
  title: string;
}

/** The ICS file name a title gives when the server names none: no path or control characters. */
export function icsFileName(title: string): string {
  const safe = [...title]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${safe || 'event'}.ics`;
}

/**
 * "Add to my calendar" (issue 11 §3): GET calendar/events/{id}/ics with the bearer token, saved as a
 * file that Google Calendar, Outlook and Apple Calendar open.
 */
export function AddToCalendarButton({ eventId, title }: AddToCalendarButtonProps) {
  const { t } = useTranslation();
  const { store } = useServices();
  const download = () => {
    const { url, token } = store.getState();
    return downloadWithToken({ baseUrl: url, token, path: `calendar/events/${eventId}/ics`, fallbackName: icsFileName(title) });
  };
  return (
    <DownloadButton
      download={download}
      label={t('calendar.event.addToCalendar')}
      failedText={t('calendar.event.downloadFailed')}
      icon={<IconCalendarPlus size={18} aria-hidden="true" />}
    />
  );
}
