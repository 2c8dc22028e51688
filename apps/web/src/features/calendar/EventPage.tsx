import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader } from '@mantine/core';
import { IconCalendarOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { EventDetail } from './EventDetail';
import { EventFormDialog } from './EventFormDialog';
import { useCalendarEvent, useDeleteEvent } from './useCalendarEvent';
import classes from './calendar.module.css';
import './calendarStyles';

/** /calendar/events/:eventId: an event that is not on a post, with RSVP, ICS, and edit/delete for who may. */
export function EventPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack('/calendar');
  const id = Number(useParams().eventId);
  const event = useCalendarEvent(id);
  const remove = useDeleteEvent(id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  let body;
  if (event.isPending && Number.isInteger(id) && id > 0) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (!event.data) {
    const status = event.error instanceof ApiError ? event.error.status : 404;
    body =
      status === 404 || status === 403 ? (
        <StatusMessage
          icon={<IconCalendarOff size={36} />}
          title={t('calendar.event.notFoundTitle')}
          body={t('calendar.event.notFoundBody')}
          actions={[{ label: t('calendar.event.seeInCalendar'), onClick: () => void navigate('/calendar') }]}
        />
      ) : (
        <RefusalMessage error={event.error} onRetry={() => void event.refetch()} />
      );
  } else {
    const data = event.data;
    body = (
      <div className={classes.eventPage}>
        <EventDetail event={data} />
        {data.post && (
          <Link to={`/calendar/threads/feed/${data.post.thread}`} className={classes.calendarLink}>
            {t('calendar.event.openPost')}
          </Link>
        )}
        {data.canEdit && (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPencil size={18} aria-hidden="true" />} onClick={() => setEditing(true)}>
              {t('calendar.event.edit')}
            </Button>
            <Button variant="default" color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => setConfirming(true)}>
              {t('calendar.event.delete')}
            </Button>
          </Group>
        )}
        {remove.isError && <p role="alert" className={classes.errorText}>{t('calendar.event.deleteFailed')}</p>}
        {data.canEdit && (
          <>
            <EventFormDialog opened={editing} event={data} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
            <ConfirmDialog
              opened={confirming}
              title={t('calendar.event.deleteTitle')}
              message={t('calendar.event.deleteBody')}
              confirmLabel={t('calendar.event.delete')}
              cancelLabel={t('common.cancel')}
              closeLabel={t('common.close')}
              busy={remove.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: () => void navigate('/calendar', { replace: true }),
                  onSettled: () => setConfirming(false),
                })
              }
            />
          </>
        )}
      </div>
    );
  }

  return (
    <PageShell title={t('calendar.event.screen')} onBack={goBack}>
      {body}
    </PageShell>
  );
}
