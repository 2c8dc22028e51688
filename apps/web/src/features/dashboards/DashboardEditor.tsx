import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { IconPlus } from '@tabler/icons-react';
import { DASHBOARD_AUDIENCES, DASHBOARD_BLOCK_KINDS, MAX_DASHBOARD_BLOCKS, MAX_DASHBOARD_TITLE, type Dashboard, type DashboardBlockKind } from '@patio/core/schemas/dashboards';
import { blockAnnouncements, blockInstructions } from './blockAnnouncements';
import type { NodeOption } from '../nodes';
import { Notice } from '../../ui/Notice';
import { blockProblemOf, defaultOptionsOf, draftOf, inputOf, type DraftDashboard } from './dashboardModel';
import { blockNameOf, dashboardErrorText, dashboardTitleOf } from './dashboardText';
import { SortableDashboardBlock } from './SortableDashboardBlock';
import { useCreateDashboard, useSaveDashboard } from './useDashboards';
import classes from './dashboards.module.css';

export interface DashboardEditorProps {
  /** null: a new dashboard. */
  dashboard: Dashboard | null;
  nodes: NodeOption[];
  onSaved: (saved: Dashboard, created: boolean) => void;
  onCancel: () => void;
}

/**
 * A dashboard's title, audience and blocks (add by kind, reorder by dragging or keyboard, remove),
 * saved whole in one POST or PUT. Inicio keeps its translated title: only its audience and blocks change.
 */
export function DashboardEditor({ dashboard, nodes, onSaved, onCancel }: DashboardEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DraftDashboard>(() => draftOf(dashboard));
  const [kindToAdd, setKindToAdd] = useState<DashboardBlockKind>('attendance');
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(0);
  const create = useCreateDashboard();
  const save = useSaveDashboard();
  const busy = create.isPending || save.isPending;
  const isHome = dashboard?.home ?? false;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = useMemo(() => draft.blocks.map((b) => b.key), [draft.blocks]);
  const announcements = useMemo(() => {
    const nameOf = (id: UniqueIdentifier) => {
      const block = draft.blocks.find((b) => b.key === id);
      return block ? blockNameOf(t, block) : '';
    };
    return blockAnnouncements(t, nameOf, (id) => keys.indexOf(String(id)) + 1, keys.length);
  }, [t, draft.blocks, keys]);

  const titleMissing = !isHome && draft.title.trim() === '';
  const blocksIncomplete = draft.blocks.some((b) => blockProblemOf(b.kind, b.options) !== null);

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setDraft((d) => ({ ...d, blocks: arrayMove(d.blocks, keys.indexOf(String(active.id)), keys.indexOf(String(over.id))) }));
  };

  const addBlock = () => {
    nextKey.current += 1;
    const key = `new${nextKey.current}`;
    setDraft((d) => ({ ...d, blocks: [...d.blocks, { key, kind: kindToAdd, title: '', options: defaultOptionsOf(kindToAdd) }] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setProblem(null);
    if (titleMissing || blocksIncomplete) return;
    const input = inputOf(draft, isHome ? t('dashboardScreens.home') : null);
    try {
      const saved = dashboard ? await save.mutateAsync({ id: dashboard.id, input }) : await create.mutateAsync(input);
      onSaved(saved, dashboard === null);
    } catch (error) {
      setProblem(dashboardErrorText(t, error));
    }
  };

  const heading = dashboard ? t('dashboardScreens.admin.editing', { title: dashboardTitleOf(t, dashboard) }) : t('dashboardScreens.admin.creating');
  return (
    <form className={classes.editor} onSubmit={(event) => void submit(event)} aria-label={heading} noValidate>
      <h2 className={classes.cardTitle}>{heading}</h2>
      {!isHome && (
        <TextInput
          label={t('dashboardScreens.admin.titleLabel')}
          value={draft.title}
          maxLength={MAX_DASHBOARD_TITLE}
          required
          error={tried && titleMissing ? t('dashboardScreens.errors.invalid') : undefined}
          onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
        />
      )}
      <Checkbox.Group
        label={t('dashboardScreens.admin.audience')}
        value={draft.audience}
        onChange={(value) => setDraft({ ...draft, audience: DASHBOARD_AUDIENCES.filter((a) => value.includes(a)) })}
      >
        <Group gap="lg" mt={6}>
          {DASHBOARD_AUDIENCES.map((audience) => (
            <Checkbox key={audience} value={audience} label={t(`dashboardScreens.admin.audiences.${audience}`)} />
          ))}
        </Group>
      </Checkbox.Group>

      <section aria-labelledby="dashboard-editor-blocks" className={classes.stack}>
        <h3 id="dashboard-editor-blocks" className={classes.cardTitle}>
          {t('dashboardScreens.admin.blocks')}
        </h3>
        {draft.blocks.length === 0 ? (
          <p className={classes.empty}>{t('dashboardScreens.admin.noBlocks')}</p>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd} accessibility={{ announcements, screenReaderInstructions: blockInstructions(t) }}>
            <SortableContext items={keys} strategy={verticalListSortingStrategy}>
              <ol className={classes.blockList} aria-label={t('dashboardScreens.admin.blockList')}>
                {draft.blocks.map((block) => (
                  <SortableDashboardBlock
                    key={block.key}
                    block={block}
                    nodes={nodes}
                    showProblems={tried}
                    onChange={(changed) => setDraft((d) => ({ ...d, blocks: d.blocks.map((b) => (b.key === block.key ? changed : b)) }))}
                    onRemove={() => setDraft((d) => ({ ...d, blocks: d.blocks.filter((b) => b.key !== block.key) }))}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        <Group gap="xs" align="flex-end">
          <NativeSelect
            label={t('dashboardScreens.block.kind')}
            value={kindToAdd}
            data={DASHBOARD_BLOCK_KINDS.map((kind) => ({ value: kind, label: t(`dashboardScreens.kinds.${kind}`) }))}
            onChange={(event) => setKindToAdd(event.currentTarget.value as DashboardBlockKind)}
          />
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addBlock} disabled={draft.blocks.length >= MAX_DASHBOARD_BLOCKS}>
            {t('dashboardScreens.admin.addBlock')}
          </Button>
        </Group>
        {draft.blocks.length >= MAX_DASHBOARD_BLOCKS && <p className={classes.note}>{t('dashboardScreens.admin.tooMany', { count: MAX_DASHBOARD_BLOCKS })}</p>}
      </section>

      {problem && <Notice tone="error">{problem}</Notice>}
      <div className={classes.actions}>
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {dashboard ? t('dashboardScreens.admin.save') : t('dashboardScreens.admin.create')}
        </Button>
      </div>
    </form>
  );
}
