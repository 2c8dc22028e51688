import { useTranslation } from 'react-i18next';
import { IconDots } from '@tabler/icons-react';
import classes from './posts.module.css';

export interface TrailHandleProps {
  isOpen: boolean;
  panelId: string;
  onToggle: () => void;
}

/** The three-dot handle of a post card that shows or hides its trail (spec §2, §4). */
export function TrailHandle({ isOpen, panelId, onToggle }: TrailHandleProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={classes.handle}
      aria-expanded={isOpen}
      aria-controls={isOpen ? panelId : undefined}
      aria-label={isOpen ? t('postCard.trail.hide') : t('postCard.trail.show')}
      title={isOpen ? t('postCard.trail.hide') : t('postCard.trail.show')}
      onClick={onToggle}
    >
      <IconDots size={20} aria-hidden="true" />
    </button>
  );
}
