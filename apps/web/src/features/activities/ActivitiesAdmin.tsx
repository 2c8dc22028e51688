import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader, TextInput } from '@mantine/core';
import { IconArrowLeft, IconBallFootball, IconPlus } from '@tabler/icons-react';
import type { Activity } from '@patio/core/schemas/activities';
import { RefusalMessage } from '../../app/RefusalMessage';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { StatusMessage } from '../../ui/StatusMessage';
import { ActivityFacts } from './ActivityFacts';
import { ActivityForm } from './ActivityForm';
import { activityErrorText } from './activityErrors';
import { RequestsPanel } from './RequestsPanel';
import { useActivities, useActivity, useDeleteActivity } from './useActivities';
import classes from './activities.module.css';
import './activityAdminStyles';

/** One activity of the administrators' list: its facts, how full it is, and what can be done with it. */
function AdminActivityRow({ activity, onOpen, onEdit, onDelete }: { activity: Activity; onOpen: () => void; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const headingId = `admin-activity-${activity.id}`;
  const names = { name: activity.name };
  return (
    <li className={classes.adminRow}>
      <div className={classes.adminRowHead}>
        <h2 id={headingId} className={classes.adminRowTitle}>
          {activity.name}
        </h2>
        <span className={classes.muted}>
          {t('activities.admin.taken', { taken: activity.places - activity.placesLeft, places: activity.places })}
          {activity.waiting > 0 && ` · ${t('activities.admin.waiting', { count: activity.waiting })}`}
        </span>
      </div>
      <ActivityFacts activity={activity} />
      <div className={classes.actions}>
        <Button onClick={onOpen} aria-label={t('activities.admin.requestsOf', names)}>
          {t('activities.admin.requests')}
        </Button>
        <Button variant="default" onClick={onEdit} aria-label={t('activities.admin.editOf', names)}>
          {t('activities.admin.edit')}
        </Button>
        <Button variant="subtle" color="red" onClick={onDelete} aria-label={t('activities.admin.deleteOf', names)}>
          {t('activities.admin.delete')}
        </Button>
      </div>
    </li>
  );
}

/**
 * Administración › Extraescolares (issue 37 §2): the term's activities with their places and waiting
 * lists, the form to create or edit one, deleting with a confirmation, and one activity's requests.
 * What is open lives in the address (?edit=new, ?edit=12, ?requests=12), so Back closes it.
 */
export function ActivitiesAdmin() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const term = params.get('term') || null;
  const editing = params.get('edit');
  const requestsOf = Number(params.get('requests') ?? Number.NaN);
  const catalogue = useActivities(term);
  const openId = editing && editing !== 'new' ? Number(editing) : requestsOf;
  const listed = catalogue.data?.find((a) => a.id === openId) ?? null;
  const single = useActivity(openId, Number.isFinite(openId) && catalogue.isSuccess && !listed);
  const open = listed ?? single.data ?? null;
  const remove = useDeleteActivity();
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const go = (next: Record<string, string | null>) =>
    setParams((old) => {
      const merged = new URLSearchParams(old);
      merged.delete('edit');
      merged.delete('requests');
      for (const [key, value] of Object.entries(next)) if (value === null) merged.delete(key);
      else merged.set(key, value);
      return merged;
    });
  const back = (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={() => go({})} style={{ alignSelf: 'flex-start' }}>
      {t('activities.admin.back')}
    </Button>
  );

  if (editing === 'new' || (editing && open)) {
    return (
      <div className={classes.page}>
        {back}
        <ActivityForm
          key={editing}
          activity={editing === 'new' ? null : open}
          onDone={() => {
            setNotice(t('activities.admin.saved'));
            go({});
          }}
          onCancel={() => go({})}
        />
      </div>
    );
  }
  if (Number.isFinite(requestsOf) && open) {
    return (
      <div className={classes.page}>
        {back}
        <h2 className={classes.adminRowTitle}>{t('activities.admin.requestsOf', { name: open.name })}</h2>
        <RequestsPanel activity={open} />
      </div>
    );
  }
  if ((editing || Number.isFinite(requestsOf)) && single.isError) return <RefusalMessage error={single.error} resource="admin" />;

  let list;
  if (catalogue.isPending || (editing && !open) || (Number.isFinite(requestsOf) && !open)) list = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (catalogue.isError) list = <RefusalMessage error={catalogue.error} onRetry={() => void catalogue.refetch()} resource="admin" />;
  else if (catalogue.data.length === 0) list = <StatusMessage icon={<IconBallFootball size={36} />} title={t('activities.admin.emptyTitle')} body={t('activities.admin.emptyBody')} />;
  else {
    list = (
      <ul className={classes.rows} aria-label={t('activities.admin.list')}>
        {catalogue.data.map((activity) => (
          <AdminActivityRow
            key={activity.id}
            activity={activity}
            onOpen={() => go({ requests: String(activity.id) })}
            onEdit={() => go({ edit: String(activity.id) })}
            onDelete={() => {
              remove.reset();
              setDeleting(activity);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className={classes.page}>
      <div className={classes.toolbar}>
        <TextInput type="date" label={t('activities.admin.term')} description={t('activities.admin.termHint')} value={term ?? ''} onChange={(event) => go({ term: event.currentTarget.value || null })} />
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => go({ edit: 'new' })}>
          {t('activities.admin.add')}
        </Button>
      </div>
      {notice && <Notice>{notice}</Notice>}
      {remove.error && <Notice tone="error">{activityErrorText(t, remove.error)}</Notice>}
      {list}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('activities.admin.deleteTitle')}
        message={t('activities.admin.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('activities.admin.deleteConfirm')}
        cancelLabel={t('activities.request.cancel')}
        closeLabel={t('activities.request.close')}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => setNotice(t('activities.admin.deleted')),
            onSettled: () => setDeleting(null),
          });
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
