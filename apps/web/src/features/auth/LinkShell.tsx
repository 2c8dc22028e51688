import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../app/services';
import { Brand } from '../../ui/Brand';
import { PublicLayout } from '../../ui/PublicLayout';
import { Spinner } from '../../ui/Spinner';
import classes from '../../ui/PublicLayout.module.css';

/** The frame of the screens a mailed link opens: the school's brand, a title, and a spinner while `working`. */
export function LinkShell({ title, working, workingText, children }: { title: string; working?: boolean; workingText?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const school = useSessionState((s) => s.school);
  const name = school?.title ?? t('common.appName');
  return (
    <PublicLayout brand={<Brand name={name} logo={school?.logo ?? null} logoAlt={t('login.schoolLogo', { school: name })} />}>
      <h1>{title}</h1>
      {working && (
        <div className={classes.status} role="status">
          <Spinner size={22} />
          <span>{workingText}</span>
        </div>
      )}
      {children}
    </PublicLayout>
  );
}
