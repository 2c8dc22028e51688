import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/api/describeError';
import { Notice } from '../../ui/Notice';
import { DeadLinkScreen } from './DeadLinkScreen';
import { LinkShell } from './LinkShell';
import type { MailedLink } from './useMailedLink';
import type { LinkSchool } from './useLinkSchool';

interface Props<T> {
  title: string;
  schoolCode: string | null;
  school: LinkSchool;
  link: MailedLink<T>;
  checkingText: string;
  deadMessage: string;
  deadWays: Parameters<typeof DeadLinkScreen>[0]['ways'];
  children: (info: T) => ReactNode;
}

/** The screen of a mailed link: the school or the link being read, what went wrong, or `children` once valid. */
export function MailedLinkScreen<T>({ title, schoolCode, school, link, checkingText, deadMessage, deadWays, children }: Props<T>) {
  const { t } = useTranslation();
  if (school.state === 'unknown') return <LinkShell title={title}><Notice tone="error">{t('login.unknownSchool', { code: schoolCode })}</Notice></LinkShell>;
  if (school.state === 'failed') return <LinkShell title={title}><Notice tone="error">{describeError(t, school.error)}</Notice></LinkShell>;
  if (school.state === 'working' || link.state === 'checking') return <LinkShell title={title} working workingText={checkingText} />;
  if (link.state === 'failed') return <LinkShell title={title}><Notice tone="error">{link.message}</Notice></LinkShell>;
  if (link.state === 'invalid') return <DeadLinkScreen title={title} message={deadMessage} ways={deadWays} />;
  return <LinkShell title={title}>{children(link.info)}</LinkShell>;
}
