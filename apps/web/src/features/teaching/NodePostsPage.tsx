import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { ZPostTypeKey } from '@patio/core/schemas/posts';
import { ApiError } from '../../app/api/ApiError';
import { withClassroomTerms } from '../../app/i18n/withClassroomTerms';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSchoolTimeZone } from '../../app/schoolTimeZone';
import { NodeFrame } from '../nodes';
import { postTypeName, usePostTypeList } from '../postTypes';
import { NodePostRow } from './NodePostRow';
import { useNodePosts } from './useNodePosts';
import classes from './teaching.module.css';
import '../../ui/mantineStyles';

/** /nodes/{nodeId}/posts/{type} (spec §2, issue 35 §4): the posts of one type addressed to a group, newest first. */
export const NodePostsPage = withDirectoryTerms(
  withClassroomTerms(function NodePostsPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const nodeId = Number(params.nodeId);
  const parsedType = ZPostTypeKey.safeParse(params.type);
  const type = parsedType.success ? parsedType.data : null;
  const me = useSignedInId();
  const timeZone = useSchoolTimeZone() ?? undefined;
  const types = usePostTypeList();
  const posts = useNodePosts(nodeId, type);
  const typeName = type ? postTypeName(types.data?.find((entry) => entry.type === type), i18n.language, 'plural') || type : '';
  const list = posts.data?.pages.flat() ?? [];

  let body;
  if (type === null) body = <RefusalMessage error={new ApiError(404, null, 'nodePosts')} />;
  else if (posts.isError) body = <RefusalMessage error={posts.error} onRetry={() => void posts.refetch()} />;
  else if (!posts.data || me === null) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (list.length === 0) body = <StatusMessage icon={<IconNews size={36} />} title={t('teaching.nodePosts.emptyTitle', { type: typeName })} body={t('teaching.nodePosts.emptyBody')} />;
  else {
    body = (
      <>
        <ul className={classes.list} aria-labelledby="node-posts-title">
          {list.map((post) => (
            <NodePostRow key={post.id} post={post} nodeId={nodeId} me={me} timeZone={timeZone} />
          ))}
        </ul>
        {posts.hasNextPage && (
          <Button variant="light" className={classes.more} loading={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
            {t('teaching.nodePosts.more')}
          </Button>
        )}
      </>
    );
  }

  return (
    <NodeFrame nodeId={nodeId}>
      <div className={classes.page}>
        {type && (
          <h2 id="node-posts-title" className={classes.pageTitle}>
            {typeName}
          </h2>
        )}
        {body}
      </div>
    </NodeFrame>
  );
}),
);
