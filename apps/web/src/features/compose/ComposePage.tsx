import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import type { PostTypeKey } from '@patio/core/schemas/posts';
import { ApiError } from '../../app/api/ApiError';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { useGoBack } from '../../app/back/useGoBack';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { PageShell } from '../../ui/PageShell';
import { useSchoolTimeZone } from '../../app/schoolTimeZone';
import { postTypeName, usePostTypeList } from '../postTypes';
import { forClassroom } from './classroomModel';
import { classroomParamOf, composeSearch, useClassroomGroup } from './classroomTarget';
import { ComposeEditor } from './ComposeEditor';
import { followParam, type ComposeSession } from './composeSession';
import { DraftsDialog } from './DraftsDialog';
import { useComposeStart } from './useComposeStart';
import classes from './compose.module.css';
import './composeStyles';

// Asked of POST allowed: rules, relatives and the school-wide search are for staff (the server refuses them to families).
const RULES_PATH = 'POST audiences/preview';

/** The compose screen in either mode; its classroom mode needs the classroom texts in (ClassroomComposeScreen). */
function ComposeScreen() {
  const { t, i18n } = useTranslation();
  const goBack = useGoBack('/inbox');
  const me = useSignedInId();
  const [search, setSearch] = useSearchParams();
  const [session, setSession] = useState<ComposeSession>(() => ({ param: search.get('draft'), adopted: null, generation: 0 }));
  const [draftsOpen, setDraftsOpen] = useState(false);
  const followed = followParam(session, search.get('draft'));
  if (followed !== session) setSession(followed);

  const allowed = useAllowedPaths([RULES_PATH]);
  const timeZone = useSchoolTimeZone();
  const types = usePostTypeList();
  const typeOptions = useMemo(
    () => (types.data ?? []).filter((type) => type.visible).map((type) => ({ value: type.type, label: postTypeName(type, i18n.language) })),
    [types.data, i18n.language],
  );
  const defaultType: PostTypeKey = typeOptions.some((o) => o.value === 'message') ? 'message' : (typeOptions[0]?.value ?? 'message');
  const isAdopted = followed.param !== null && followed.param === followed.adopted;
  const { start, draft, badDraftParam } = useComposeStart(me, search, isAdopted, defaultType);
  const classroomParam = classroomParamOf(search);
  const classroomGroup = useClassroomGroup(typeof classroomParam === 'number' ? classroomParam : null);
  const classroom = typeof classroomParam === 'number' && classroomGroup.data ? { groupId: classroomParam, groupName: classroomGroup.data.name } : null;

  const handleDraftCreated = useCallback(
    (id: number) => {
      setSession((current) => ({ ...current, adopted: String(id) }));
      // The address only learns the draft's id: the page must not jump to the top (nor close an open
      // date picker) while the person writes further down.
      setSearch((current) => composeSearch(current, id), { replace: true, preventScrollReset: true });
    },
    [setSearch],
  );
  const handleDiscarded = useCallback(() => {
    setSession((current) => ({ param: null, adopted: null, generation: current.generation + 1 }));
    setSearch((current) => composeSearch(current, null), { replace: true });
  }, [setSearch]);

  let body;
  if (badDraftParam) body = <RefusalMessage error={new ApiError(404, null, 'compose')} />;
  else if (classroomParam === 'bad') body = <RefusalMessage error={new ApiError(404, null, 'compose')} resource="group" />;
  else if (classroomGroup.isError) body = <RefusalMessage error={classroomGroup.error} onRetry={() => void classroomGroup.refetch()} resource="group" />;
  else if (draft?.isError) body = <RefusalMessage error={draft.error} onRetry={() => void draft.refetch()} />;
  else if (types.isError) body = <RefusalMessage error={types.error} onRetry={() => void types.refetch()} />;
  else if (!start || me === null || types.isPending || allowed === null || timeZone === null || (classroomParam !== null && !classroom)) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else {
    // A reopened draft keeps its type even when the school has hidden it since.
    const options = typeOptions.some((o) => o.value === start.post.type)
      ? typeOptions
      : [...typeOptions, { value: start.post.type, label: postTypeName(types.data.find((type) => type.type === start.post.type), i18n.language) || start.post.type }];
    body = (
      <ComposeEditor
        key={followed.generation}
        me={me}
        isStaff={allowed[RULES_PATH] === true}
        initialPost={classroom ? forClassroom(start.post) : start.post}
        draftId={start.draftId}
        initialRuleDraft={start.ruleDraft}
        timeZone={timeZone}
        typeOptions={options}
        onDraftCreated={handleDraftCreated}
        onDiscarded={handleDiscarded}
        classroom={classroom}
      />
    );
  }

  const draftsButton = (
    <Button variant="white" size="sm" leftSection={<IconFiles size={18} aria-hidden="true" />} onClick={() => setDraftsOpen(true)} className={classes.draftsButton}>
      <span className={classes.draftsLabel}>{t('compose.drafts.open')}</span>
    </Button>
  );

  return (
    <PageShell title={classroomParam !== null ? t('teaching.compose.screen') : t('screens.compose')} onBack={goBack} actions={draftsButton}>
      {body}
      <DraftsDialog opened={draftsOpen} onClose={() => setDraftsOpen(false)} me={me} currentId={followed.param !== null ? Number(followed.param) : null} />
    </PageShell>
  );
}

// The classroom mode's texts (its section, its title, its refusals) travel in the classroom screens'
// own dictionary chunk, and the mode waits for them: it never shows a raw key. Its wrapper is fetched
// when the mode opens, not with this screen: it lives with the classroom screens a teacher comes from,
// and a static import would pull compose's editor into those screens, and other posts need none of it.
const ClassroomComposeScreen = lazy(() => import('../../app/i18n/withClassroomTerms').then((m) => ({ default: m.withClassroomTerms(ComposeScreen) })));

/** /compose[?draft=ID|?to=personId|?quote=postId|?classroom=groupId]: write a post, saved as a draft while writing. */
export const ComposePage = withDirectoryTerms(function ComposePage() {
  const [search] = useSearchParams();
  if (classroomParamOf(search) === null) return <ComposeScreen />;
  return (
    <Suspense fallback={null}>
      <ClassroomComposeScreen />
    </Suspense>
  );
});
