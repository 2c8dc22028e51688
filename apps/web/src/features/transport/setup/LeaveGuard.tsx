import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

export interface LeaveGuardProps {
  /** The names of the sections with unsaved changes; none: leaving is free. */
  unsaved: string[];
}

/**
 * Unsaved changes are not lost silently: leaving the screen in the app asks first, and closing or
 * reloading the tab gets the browser's own question.
 */
export function LeaveGuard({ unsaved }: LeaveGuardProps) {
  const { t } = useTranslation();
  const isDirty = unsaved.length > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('transport.setup.leave.title')}
      message={t('transport.setup.leave.body', { sections: unsaved.join(', ') })}
      confirmLabel={t('transport.setup.leave.leave')}
      cancelLabel={t('transport.setup.leave.stay')}
      closeLabel={t('common.close')}
      // Mantine's red under white text reaches 3.3:1: the app's colour reads (and the safe answer has the focus).
      danger={false}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
