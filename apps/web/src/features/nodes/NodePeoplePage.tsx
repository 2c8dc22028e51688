import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { formatPersonName } from '@patio/core/people/displayName';
import { StatusMessage } from '../../ui/StatusMessage';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PeopleSearchField } from '../people';
import { InvitationsPanel } from '../invitations';
import { DownloadMembersButton } from './DownloadMembersButton';
import { MemberRow } from './MemberRow';
import { NodeFrame } from './NodeFrame';
import { foldForSearch } from './treeSearch';
import { useNodeMembers } from './useNodes';
import rowClasses from './memberRow.module.css';
import classes from './groupTree.module.css';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/**
 * /nodes/{nodeId}/people: the group's roster to search and download, the same people (and number)
 * as its first tab, the tree's count and the CSV.
 */
export const NodePeoplePage = withDirectoryTerms(function NodePeoplePage() {
  const { t } = useTranslation();
  const nodeId = Number(useParams().nodeId);
  const [text, setText] = useState('');
  const members = useNodeMembers(nodeId);
  const searching = foldForSearch(text) !== '';
  const shown = useMemo(() => {
    const words = foldForSearch(text).split(' ').filter(Boolean);
    return (members.data ?? []).filter((m) => words.every((word) => foldForSearch(formatPersonName(m)).includes(word)));
  }, [members.data, text]);
  const total = members.data?.length ?? 0;

  return (
    <NodeFrame nodeId={nodeId}>
      <DownloadMembersButton nodeId={nodeId} />
      <InvitationsPanel nodeId={nodeId} />
      <PeopleSearchField label={t('groups.membersSearch')} placeholder={t('groups.membersSearchPlaceholder')} value={text} onSearch={setText} size="md" mb="md" />
      {members.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {members.isError && <RefusalMessage error={members.error} onRetry={() => void members.refetch()} resource="group" />}
      {members.isSuccess && total === 0 && <StatusMessage icon={<IconUsers size={36} />} title={t('nodes.noPeopleTitle')} body={t('nodes.noPeopleBody')} />}
      {members.isSuccess && total > 0 && (
        <>
          <p className={classes.status} role="status">
            {searching ? t('groups.memberMatches', { count: shown.length, total }) : t('nodes.memberCount', { count: total })}
          </p>
          {shown.length === 0 && <p>{t('groups.noMemberMatches', { query: text.trim() })}</p>}
          <ul className={rowClasses.list} aria-label={t('nodes.members')}>
            {shown.map((member) => (
              <MemberRow key={member.id} member={member} />
            ))}
          </ul>
        </>
      )}
    </NodeFrame>
  );
});
