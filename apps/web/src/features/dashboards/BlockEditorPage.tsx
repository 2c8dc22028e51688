import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Loader, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Dashboard, DashboardBlock } from '@patio/core/schemas/dashboards';
import { useGoBack } from '../../app/back/useGoBack';
import { withDashboardTerms } from '../../app/i18n/withDashboardTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { Notice } from '../../ui/Notice';
import { PageShell } from '../../ui/PageShell';
import { BlockOptionsFields } from './BlockOptionsFields';
import { DashboardBlockCard } from './DashboardBlockCard';
import { blockProblemOf, inputWithBlock, type DraftBlock } from './dashboardModel';
import { blockNameOf, dashboardErrorText, dashboardTitleOf } from './dashboardText';
import { useBlockContext } from './useBlockContext';
import { useBlockOf } from './useBlockOf';
import { useSaveDashboard } from './useDashboards';
import classes from './dashboards.module.css';
import './dashboardStyles';

type Mode = 'read' | 'edit' | 'delete';

const dashboardPathOf = (dashboard: Dashboard) => (dashboard.home ? '/admin' : `/dashboard/${dashboard.id}`);

/**
 * A dashboard block in the app's block modes (as BlockFrame shows a post's blocks): read (its figures),
 * edit (title and options) and delete, which asks "Delete" or "Cancel" first. Each change is one PUT of
 * the dashboard that holds the block.
 */
function BlockModes({ dashboard, block }: { dashboard: Dashboard; block: DashboardBlock }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const context = useBlockContext();
  const save = useSaveDashboard();
  const [mode, setMode] = useState<Mode>('read');
  const [draft, setDraft] = useState<DraftBlock>(() => ({ key: `b${block.id}`, id: block.id, kind: block.kind, title: block.title ?? '', options: block.options }));
  const [tried, setTried] = useState(false);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const name = blockNameOf(t, block);

  useEffect(() => {
    // Delete mode takes the focus to its safe answer, as BlockFrame and a dialog do.
    if (mode === 'delete') cancelRef.current?.focus();
  }, [mode]);

  const put = async (replace: DraftBlock | null) => {
    setMessage(null);
    try {
      await save.mutateAsync({ id: dashboard.id, input: inputWithBlock(dashboard, block.id, replace, t('dashboardScreens.home')) });
      return true;
    } catch (error) {
      setMessage({ tone: 'error', text: dashboardErrorText(t, error) });
      return false;
    }
  };

  const saveEdit = async () => {
    setTried(true);
    if (blockProblemOf(draft.kind, draft.options)) return;
    if (await put(draft)) {
      setMode('read');
      setMessage({ tone: 'info', text: t('dashboardScreens.editor.saved') });
    }
  };

  const remove = async () => {
    if (await put(null)) void navigate(dashboardPathOf(dashboard), { replace: true });
    else setMode('read');
  };

  if (!context.ready) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;

  const actions = dashboard.mayEdit ? (
    <>
      <ActionIcon variant="subtle" size="lg" onClick={() => setMode('edit')} aria-label={t('blocks.frame.edit', { name })} disabled={mode !== 'read'}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setMode('delete')} aria-label={t('blocks.frame.delete', { name })} disabled={mode === 'delete'}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </>
  ) : undefined;

  let replacement;
  if (mode === 'edit') {
    replacement = (
      <div className={classes.stack}>
        <BlockOptionsFields block={draft} nodes={context.nodes} showProblems={tried} onChange={setDraft} />
        <div className={classes.actions}>
          <Button variant="default" onClick={() => setMode('read')} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void saveEdit()} loading={save.isPending}>
            {t('dashboardScreens.admin.save')}
          </Button>
        </div>
      </div>
    );
  } else if (mode === 'delete') {
    replacement = (
      <div className={classes.confirm} role="group" aria-label={t('blocks.frame.confirmDelete', { name })}>
        <Text size="sm" fw={600}>
          {t('blocks.frame.confirmDelete', { name })}
        </Text>
        <Group gap="xs" justify="flex-end">
          <Button ref={cancelRef} size="xs" variant="default" onClick={() => setMode('read')} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" color="red" onClick={() => void remove()} loading={save.isPending}>
            {t('blocks.frame.confirm')}
          </Button>
        </Group>
      </div>
    );
  }

  return (
    <div className={classes.stack}>
      <p className={classes.note}>
        <Link to={dashboardPathOf(dashboard)}>{t('dashboardScreens.editor.inDashboard', { title: dashboardTitleOf(t, dashboard) })}</Link>
      </p>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <DashboardBlockCard
          key={`${block.id}:${dashboard.updatedAt}`}
          dashboardId={dashboard.id}
          block={block}
          address={context.address}
          nodes={context.nodes}
          today={context.today}
          formats={context.formats}
          actions={actions}
          mode={mode}
        >
          {replacement}
        </DashboardBlockCard>
    </div>
  );
}

/** /admin/blocks/{blockId} (BlockEditor, issue 36 §2): one dashboard block in its read, edit and delete modes. */
export const BlockEditorPage = withDashboardTerms(function BlockEditorPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/admin');
  const { query, block, error } = useBlockOf(useParams().blockId);
  let body;
  if (error) body = <RefusalMessage error={error} onRetry={() => void query.refetch()} resource="admin" />;
  else if (!query.data || !block) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else body = <BlockModes key={block.id} dashboard={query.data} block={block} />;
  return (
    <PageShell title={t('dashboardScreens.editor.title')} onBack={goBack}>
      <div className={classes.page}>{body}</div>
    </PageShell>
  );
});
