import { useTranslation } from 'react-i18next';
import { VIDEO_HEIGHT } from '@patio/core/constants';
import { parseVideoUrl } from '@patio/core/blocks/video';
import type { BlockViewProps } from '../types';
import { UrlEditor } from '../UrlEditor';
import classes from '../blocks.module.css';

const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;
const isVideo = (url: string) => parseVideoUrl(url) !== null;

/**
 * The video block (spec §4 Video block edit, §5 Video url): a privacy-enhanced player 420 px high;
 * editing asks for the address, Accept only once it is a video, Cancel restores the previous one or
 * removes a block that never had one.
 */
export function VideoBlock({ block, mode, onChange, onRemove, onClose }: BlockViewProps) {
  const { t } = useTranslation();
  if (mode === 'edit') {
    return (
      <UrlEditor
        label={t('blocks.video.url')}
        placeholder="https://www.youtube.com/watch?v=…"
        initialUrl={block.url ?? ''}
        isValid={isVideo}
        warning={t('blocks.video.noun.urlVideoError')}
        onAccept={async (url) => {
          await onChange({ url });
          onClose?.();
        }}
        onCancel={() => (block.url ? onClose?.() : onRemove())}
      />
    );
  }
  if (!block.url) return null;
  const video = parseVideoUrl(block.url);
  if (!video) {
    // An address saved before the rules (or by another client): offered as a link, never embedded.
    return /^https:\/\//i.test(block.url) ? (
      <a href={block.url} target="_blank" rel="noopener noreferrer" className={classes.linkCard}>
        {t('postCard.blocks.youtube')}
      </a>
    ) : null;
  }
  return (
    <iframe
      src={video.embedUrl}
      title={t('blocks.video.frameTitle', { provider: PROVIDER_NAMES[video.provider] })}
      height={VIDEO_HEIGHT}
      className={classes.embed}
      loading="lazy"
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
    />
  );
}
