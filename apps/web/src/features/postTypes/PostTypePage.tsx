import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { ZPostTypeKey } from '@patio/core/schemas/posts';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PageShell } from '../../ui/PageShell';
import { PostTypeEditor } from './PostTypeEditor';
import { postTypeName } from './postTypeName';
import { useMayEditPostTypes } from './useMayEditPostTypes';
import { usePostTypeList } from './usePostTypeList';
import './postTypesStyles';

/** /post/types/{type} (administrators): edit one kind of post. */
export const PostTypePage = withDirectoryTerms(function PostTypePage() {
  const { t, i18n } = useTranslation();
  const goBack = useGoBack('/post/types');
  const parsed = ZPostTypeKey.safeParse(useParams().type);
  const mayEdit = useMayEditPostTypes();
  const list = usePostTypeList();
  const postType = parsed.success ? list.data?.find((item) => item.type === parsed.data) : undefined;

  let body;
  if (!parsed.success || (list.data && !postType)) body = <RefusalMessage error={new ApiError(404, null, 'post-types')} />;
  else if (mayEdit === false) body = <RefusalMessage error={new ApiError(403, null, 'post-types')} />;
  else if (list.isError) body = <RefusalMessage error={list.error} onRetry={() => void list.refetch()} />;
  else if (mayEdit === null || !postType) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else body = <PostTypeEditor key={postType.type} postType={postType} />;

  return (
    <PageShell title={postType ? postTypeName(postType, i18n.language) : t('screens.postType')} onBack={goBack}>
      {body}
    </PageShell>
  );
});
