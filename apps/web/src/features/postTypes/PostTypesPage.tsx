import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, Text } from '@mantine/core';
import type { PostTypeKey } from '@patio/core/schemas/posts';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useGoBack } from '../../app/back/useGoBack';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { Notice } from '../../ui/Notice';
import { PageShell } from '../../ui/PageShell';
import { PostTypeListRow } from './PostTypeListRow';
import { useMayEditPostTypes } from './useMayEditPostTypes';
import { usePostTypeList, useUpdatePostType } from './usePostTypeList';
import classes from './postTypes.module.css';
import './postTypesStyles';

/** /post/types (administrators): the 18 kinds of post, shown or hidden, each opening its editor. */
export const PostTypesPage = withDirectoryTerms(function PostTypesPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const mayEdit = useMayEditPostTypes();
  const list = usePostTypeList();
  const update = useUpdatePostType();
  const [failure, setFailure] = useState<string | null>(null);
  const busyType = update.isPending ? update.variables?.type : undefined;

  const handleVisible = (type: PostTypeKey, visible: boolean) => {
    setFailure(null);
    update.mutate({ type, update: { visible } }, { onError: (error) => setFailure(describeError(t, error)) });
  };

  let body;
  if (mayEdit === false) body = <RefusalMessage error={new ApiError(403, null, 'post-types')} />;
  else if (list.isError) body = <RefusalMessage error={list.error} onRetry={() => void list.refetch()} />;
  else if (mayEdit === null || list.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else {
    body = (
      <>
        <Text mb="md">{t('postTypes.intro')}</Text>
        {failure && <Notice tone="error">{failure}</Notice>}
        <ul className={classes.list} aria-label={t('postTypes.listLabel')}>
          {list.data.map((postType) => (
            <PostTypeListRow key={postType.type} postType={postType} busy={busyType === postType.type} onVisibleChange={(visible) => handleVisible(postType.type, visible)} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <PageShell title={t('screens.postTypes')} onBack={goBack}>
      {body}
    </PageShell>
  );
});
