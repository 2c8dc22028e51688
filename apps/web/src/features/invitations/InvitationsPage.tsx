import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ZIdText } from '@patio/core/schemas/ids';
import { useGoBack } from '../../app/back/useGoBack';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { useServices } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { InvitationsPanel } from './InvitationsPanel';
import classes from './invitations.module.css';
import '../../ui/mantineStyles';

/** GET nodes/{id}: the name of the group the screen is filtered by. */
function useGroupName(nodeId: number | undefined): string | null {
  const { api } = useServices();
  const group = useQuery({
    queryKey: ['invitations', 'group', nodeId],
    queryFn: ({ signal }) => api.get<{ name: string }>(`nodes/${nodeId}`, { signal }),
    enabled: nodeId !== undefined,
    retry: false,
  });
  return group.data?.name ?? null;
}

/**
 * /admin/invitations[?node=]: for school administrators, who was invited and who got in — the
 * families of one group when the address names it (the import report links here), else the school.
 */
export const InvitationsPage = withDirectoryTerms(function InvitationsPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const [params] = useSearchParams();
  const parsed = ZIdText.safeParse(params.get('node') ?? '');
  const nodeId = parsed.success ? parsed.data : undefined;
  const groupName = useGroupName(nodeId);

  return (
    <PageShell title={t('signInHelp.titles.invitations')} onBack={goBack}>
      {nodeId !== undefined ? (
        <p className={classes.hint}>
          {groupName ? t('invitations.group', { name: groupName }) : null} <Link to="/admin/invitations">{t('invitations.clearGroup')}</Link>
        </p>
      ) : (
        <p className={classes.hint}>
          <strong>{t('invitations.schoolWide')}</strong>
          <br />
          {t('invitations.pickGroupHint')}
        </p>
      )}
      <InvitationsPanel key={nodeId ?? 'school'} nodeId={nodeId} initiallyOpen />
    </PageShell>
  );
});
