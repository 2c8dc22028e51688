import { Button, Notification, Portal } from '@mantine/core';
import classes from './Snackbar.module.css';

export interface SnackbarProps {
  opened: boolean;
  message: string;
  closeLabel: string;
  onClose: () => void;
  tone?: 'error' | 'info';
}

/**
 * A short message at the foot of the screen with a Close action (spec §8 upload failure), above the
 * phone's bottom navigation; errors are announced at once.
 */
export function Snackbar({ opened, message, closeLabel, onClose, tone = 'error' }: SnackbarProps) {
  if (!opened) return null;
  return (
    <Portal>
      <div className={classes.holder}>
        <Notification
          className={classes.snackbar}
          color={tone === 'error' ? 'red' : undefined}
          withCloseButton={false}
          role={tone === 'error' ? 'alert' : 'status'}
          withBorder
        >
          <div className={classes.row}>
            <span>{message}</span>
            <Button size="xs" variant="subtle" onClick={onClose}>
              {closeLabel}
            </Button>
          </div>
        </Notification>
      </div>
    </Portal>
  );
}
