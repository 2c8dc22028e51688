import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconX } from '@tabler/icons-react';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import layout from '../../ui/PublicLayout.module.css';
import classes from './signInLinkDialog.module.css';
import { LoginField } from './LoginField';
import { useMailedLinkRequest } from './useMailedLinkRequest';

export interface SignInLinkDialogProps {
  /** What the sign-in form already holds, so nobody types it twice. */
  initialLogin: string;
  onClose: () => void;
}

/**
 * "Email me a sign-in link" (issue 33 item 5): a username or email in, POST sign-in-links out. The
 * answer never says whether an account matched, so the dialog always says "check your email". A
 * native <dialog>: /login is a first screen and carries no component library.
 */
export function SignInLinkDialog({ initialLogin, onClose }: SignInLinkDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const { login, setLogin, error, failure, busy, sent, onSubmit } = useMailedLinkRequest('sign-in-links', t('mailedSignIn.loginRequired'), initialLogin);

  // Opened as a modal once mounted: the screen mounts the dialog to open it and unmounts it to close.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);

  return (
    // Escape closes a modal <dialog> by itself; `onClose` keeps the screen's state in step.
    <dialog ref={ref} className={classes.dialog} aria-labelledby="sign-in-link-title" onClose={onClose}>
      <div className={classes.head}>
        <h2 id="sign-in-link-title" className={classes.title}>
          {t('mailedSignIn.title')}
        </h2>
        <button type="button" className={classes.close} onClick={onClose} aria-label={t('mailedSignIn.close')}>
          <IconX size={20} aria-hidden />
        </button>
      </div>
      {sent ? (
        <div className={layout.form}>
          <div className={classes.sent}>
            <Notice>{t('mailedSignIn.sent')}</Notice>
          </div>
          <Button onClick={onClose} fullWidth>
            {t('mailedSignIn.done')}
          </Button>
        </div>
      ) : (
        <form className={layout.form} onSubmit={onSubmit} noValidate>
          <p className={layout.intro}>{t('mailedSignIn.intro')}</p>
          <LoginField label={t('mailedSignIn.login')} value={login} onChange={setLogin} error={error} />
          {failure && <Notice tone="error">{failure}</Notice>}
          <Button type="submit" loading={busy} fullWidth>
            {t('mailedSignIn.send')}
          </Button>
        </form>
      )}
    </dialog>
  );
}
