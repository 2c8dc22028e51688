import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconHierarchy2 } from '@tabler/icons-react';
import { useGoBack } from '../../app/back/useGoBack';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { RefusalMessage } from '../../app/RefusalMessage';
import { GroupTree } from './GroupTree';
import { useNodeTree } from './useNodes';
import classes from './groupTree.module.css';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/**
 * /nodes, Groups: the groups in the signed-in person's care — the whole school for its staff,
 * the groups they teach for a teacher — as a tree to open, search and (administrators) grow.
 */
export const NodesPage = withDirectoryTerms(function NodesPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const language = useSessionState((s) => s.language);
  const tree = useNodeTree();
  const canCreate = useAllowedPaths(['POST nodes'])?.['POST nodes'] === true;

  let body;
  if (tree.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (tree.isError) body = <RefusalMessage error={tree.error} onRetry={() => void tree.refetch()} />;
  else {
    const isEmpty = tree.data.nodes.length === 0;
    body = (
      <>
        {isEmpty && <StatusMessage icon={<IconHierarchy2 size={36} />} title={t('nodes.emptyTitle')} body={canCreate ? t('groups.emptyAdmin') : t('nodes.emptyBody')} />}
        {!isEmpty && !canCreate && <p className={classes.hint}>{t('groups.inYourCare')}</p>}
        {(!isEmpty || canCreate) && <GroupTree nodes={tree.data.nodes} types={tree.data.types} language={language} canCreate={canCreate} />}
      </>
    );
  }
  return (
    <PageShell title={t('screens.nodes')} onBack={goBack}>
      {body}
    </PageShell>
  );
});
