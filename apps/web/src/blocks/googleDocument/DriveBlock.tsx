import { useTranslation } from 'react-i18next';
import { IconExternalLink } from '@tabler/icons-react';
import { parseDriveUrl } from '@patio/core/blocks/drive';
import type { BlockViewProps } from '../types';
import { UrlEditor } from '../UrlEditor';
import classes from '../blocks.module.css';

const isDriveLink = (url: string) => parseDriveUrl(url) !== null;

/**
 * The drive-document block (spec §4): the link becomes the document's embed address, or stays the
 * plain link when it has none; readers get the embedded viewer or a card that opens the document.
 * Cancel removes a block that never had a link.
 */
export function DriveBlock({ block, mode, onChange, onRemove, onClose }: BlockViewProps) {
  const { t } = useTranslation();
  if (mode === 'edit') {
    return (
      <UrlEditor
        label={t('blocks.drive.url')}
        hint={t('blocks.drive.hint')}
        placeholder="https://docs.google.com/…"
        initialUrl={block.url ?? ''}
        isValid={isDriveLink}
        warning={t('blocks.drive.invalid')}
        onAccept={async (link) => {
          await onChange({ url: parseDriveUrl(link)!.url });
          onClose?.();
        }}
        onCancel={() => (block.url ? onClose?.() : onRemove())}
      />
    );
  }
  const link = block.url ? parseDriveUrl(block.url) : null;
  if (!link) return null;
  const open = (
    <a href={link.url} target="_blank" rel="noopener noreferrer" className={classes.linkCard}>
      <IconExternalLink size={18} aria-hidden="true" />
      {t('blocks.drive.open')}
    </a>
  );
  if (!link.embeddable) return open;
  return (
    <div className={classes.editor}>
      <iframe
        src={link.url}
        title={t('blocks.drive.frameTitle')}
        className={`${classes.embed} ${classes.embedDocument}`}
        height={480}
        loading="lazy"
        allow="fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation allow-downloads"
      />
      {open}
    </div>
  );
}
