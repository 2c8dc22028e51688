import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Loader } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { ZIdText } from '@patio/core/schemas/ids';
import type { DashboardSummary } from '@patio/core/schemas/dashboards';
import { withDashboardTerms } from '../../app/i18n/withDashboardTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useNodeOptions } from '../nodes';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { PageShell } from '../../ui/PageShell';
import { DashboardEditor } from './DashboardEditor';
import { dashboardErrorText, dashboardTitleOf } from './dashboardText';
import { useDashboard, useDashboardList, useDeleteDashboard } from './useDashboards';
import classes from './dashboards.module.css';
import './dashboardStyles';

/** `?edit={id}` opens a dashboard's editor, `?new` a blank one: the browser's back closes it. */
function useEditorTarget(): [number | 'new' | null, (target: number | 'new' | null) => void] {
  const [search, setSearch] = useSearchParams();
  const edit = ZIdText.safeParse(search.get('edit') ?? '');
  const target = edit.success ? edit.data : search.has('new') ? 'new' : null;
  const open = (next: number | 'new' | null) => setSearch(next === null ? {} : next === 'new' ? { new: '' } : { edit: String(next) });
  return [target, open];
}

/** Contenidos › Dashboards (issue 36 §2): the school's dashboards to open, create, edit and delete; Inicio cannot be deleted. */
export const DashboardsAdminPage = withDashboardTerms(function DashboardsAdminPage() {
  const { t } = useTranslation();
  const list = useDashboardList();
  const nodes = useNodeOptions();
  const [target, open] = useEditorTarget();
  const editing = useDashboard(typeof target === 'number' ? target : 0, typeof target === 'number');
  const remove = useDeleteDashboard();
  const [toDelete, setToDelete] = useState<DashboardSummary | null>(null);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setMessage({ tone: 'info', text: t('dashboardScreens.admin.deleted') });
    } catch (error) {
      setMessage({ tone: 'error', text: dashboardErrorText(t, error) });
    }
    setToDelete(null);
  };

  let body;
  if (target !== null) {
    if (typeof target === 'number' && editing.isError) body = <RefusalMessage error={editing.error} onRetry={() => void editing.refetch()} resource="admin" />;
    else if (typeof target === 'number' && !editing.data) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
    else
      body = (
        <DashboardEditor
          key={target === 'new' ? 'new' : `${target}:${editing.data?.updatedAt}`}
          dashboard={target === 'new' ? null : editing.data!}
          nodes={nodes}
          onCancel={() => open(null)}
          onSaved={(_, created) => {
            setMessage({ tone: 'info', text: t(created ? 'dashboardScreens.admin.created' : 'dashboardScreens.admin.saved') });
            open(null);
          }}
        />
      );
  } else if (list.isError) body = <RefusalMessage error={list.error} onRetry={() => void list.refetch()} resource="admin" />;
  else if (!list.data) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else {
    const mayCreate = list.data.some((d) => d.mayEdit);
    body = (
      <>
        {mayCreate && (
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => open('new')}>
              {t('dashboardScreens.admin.new')}
            </Button>
          </Group>
        )}
        <ul className={classes.list} aria-label={t('dashboardScreens.admin.list')}>
          {list.data.map((dashboard) => {
            const title = dashboardTitleOf(t, dashboard);
            return (
              <li key={dashboard.id} className={classes.listItem}>
                <div className={classes.listTitle}>
                  <Link to={dashboard.home ? '/admin' : `/dashboard/${dashboard.id}`} aria-label={t('dashboardScreens.admin.open', { title })}>
                    {title}
                  </Link>
                  <span className={classes.note}>
                    {t('dashboardScreens.admin.blocks', { count: dashboard.blocks })} ·{' '}
                    {dashboard.audience.length === 0 ? t('dashboardScreens.admin.onlyAdmins') : dashboard.audience.map((a) => t(`dashboardScreens.admin.audiences.${a}`)).join(', ')}
                  </span>
                </div>
                {dashboard.mayEdit && (
                  <Group gap={4}>
                    <ActionIcon variant="subtle" size="lg" onClick={() => open(dashboard.id)} aria-label={t('dashboardScreens.admin.edit', { title })}>
                      <IconPencil size={18} aria-hidden="true" />
                    </ActionIcon>
                    {!dashboard.home && (
                      <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setToDelete(dashboard)} aria-label={t('dashboardScreens.admin.delete', { title })}>
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    )}
                  </Group>
                )}
              </li>
            );
          })}
        </ul>
        {list.data.length <= 1 && <p className={classes.empty}>{t('dashboardScreens.admin.empty')}</p>}
      </>
    );
  }

  return (
    <PageShell title={t('dashboardScreens.admin.title')}>
      <div className={classes.page}>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        {body}
      </div>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('dashboardScreens.admin.confirmTitle')}
        message={toDelete ? t('dashboardScreens.admin.confirmDelete', { title: dashboardTitleOf(t, toDelete) }) : ''}
        confirmLabel={t('blocks.frame.confirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </PageShell>
  );
});
