import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArchive, IconInbox, IconTrash, type Icon } from '@tabler/icons-react';
import type { Folder, ThreadAction } from '@patio/core/schemas/posts';
import { useSignedInId } from '../../app/session/useSignedInId';
import { Notice } from '../../ui/Notice';
import { useThreadAction } from './useThreads';
import classes from './threads.module.css';

const MOVES: Readonly<Record<Folder, readonly ThreadAction[]>> = { feed: ['archive', 'trash'], archive: ['feed', 'trash'], trash: ['feed', 'archive'] };
const ICONS: Partial<Record<ThreadAction, Icon>> = { feed: IconInbox, archive: IconArchive, trash: IconTrash };

/** Moving the open thread to another of the caller's folders (none for an author or staff without a stub). */
export function ThreadActions({ threadId, folder }: { threadId: number; folder: Folder | null }) {
  const { t } = useTranslation();
  const action = useThreadAction(useSignedInId());
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  if (folder === null) return null;
  return (
    <div className={classes.threadActions}>
      <div role="group" aria-label={t('threads.thread.actions')} className={classes.selectionActions}>
        {MOVES[folder].map((kind) => {
          const ActionIcon = ICONS[kind]!;
          return (
            <button
              key={kind}
              type="button"
              className={classes.actionButton}
              disabled={action.isPending}
              onClick={() =>
                action.mutate(
                  { action: kind, ids: [threadId] },
                  {
                    onSuccess: () => setOutcome({ tone: 'info', text: t(`threads.thread.moved.${kind}`) }),
                    onError: () => setOutcome({ tone: 'error', text: t('threads.selection.failed') }),
                  },
                )
              }
            >
              <ActionIcon size={18} aria-hidden="true" />
              <span>{t(`threads.selection.${kind}`)}</span>
            </button>
          );
        })}
      </div>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </div>
  );
}
