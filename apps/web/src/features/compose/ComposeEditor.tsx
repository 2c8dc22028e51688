import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconSend, IconClock, IconTrash } from '@tabler/icons-react';
import { MAX_DESCRIPTION_BYTES, MAX_TITLE_LENGTH, type PostInput, type PostTypeKey } from '@patio/core/schemas/posts';
import { PendingEdits, PendingEditsContext } from '../../blocks/pendingEdits';
import { useUploadToMe } from '../../blocks/uploads/useUploadToMe';
import { RichTextEditor } from '../../ui/RichTextEditor';
import { Notice } from '../../ui/Notice';
import { BlocksSection } from './BlocksSection';
import { describeClassroomError } from './classroomErrors';
import { ClassroomSection } from './ClassroomSection';
import type { ClassroomTarget } from './classroomTarget';
import { dateProblemOf, hasRecipients, isScheduled, subjectFromBody } from './composeModel';
import { ConfirmDiscard } from './ConfirmDiscard';
import { DatesSection } from './DatesSection';
import { EventSection } from './EventSection';
import { describeComposeError, isNoRecipients } from './publishErrors';
import { QuotedPostPreview } from './QuotedPostPreview';
import { RecipientsSection } from './RecipientsSection';
import { toAudienceRule, type RuleDraft } from './ruleModel';
import { SaveIndicator } from './SaveIndicator';
import { SettingsSection } from './SettingsSection';
import { useClassroomPart } from './useClassroomPart';
import { useComposeForm } from './useComposeForm';
import { useDraftAutosave } from './useDraftAutosave';
import { useDraftPostId, useEnsurePost } from './useDraftPostId';
import { useEventPart } from './useEventPart';
import { usePublish } from './usePublish';
import classes from './compose.module.css';

export interface ComposeEditorProps {
  me: number | null;
  isStaff: boolean;
  initialPost: PostInput;
  /** The draft being edited, null for a new post (the first autosave creates it). */
  draftId: number | null;
  initialRuleDraft: RuleDraft | null;
  /** The school's zone: the event's days and times are its wall clock. */
  timeZone: string;
  /** The post types one may pick: the visible ones, by name in the interface language. */
  typeOptions: { value: PostTypeKey; label: string }[];
  onDraftCreated: (id: number) => void;
  /** After a discard: start again with an empty post. */
  onDiscarded: () => void;
  /** Classroom mode (issue 35): the group's students instead of recipients; no event, no schedule. */
  classroom?: ClassroomTarget | null;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The compose form (spec §2 /compose): what, to whom, how and when; saved as a draft as one writes. */
export function ComposeEditor({ me, isStaff, initialPost, draftId, initialRuleDraft, timeZone, typeOptions, onDraftCreated, onDiscarded, classroom = null }: ComposeEditorProps) {
  const { t } = useTranslation();
  const { postId, handleCreated } = useDraftPostId(draftId, onDraftCreated);
  const autosave = useDraftAutosave(me, draftId, handleCreated);
  const { post, update, read } = useComposeForm(initialPost, autosave.schedule);
  const uploadToMe = useUploadToMe();
  const uploadImage = useCallback(async (file: File) => (await uploadToMe(file)).url, [uploadToMe]);
  const ensurePost = useEnsurePost(postId, autosave, read);
  const { publish, isPublishing } = usePublish(me, autosave);
  const classroomPart = useClassroomPart(classroom, initialPost, timeZone, update);
  const describeError = classroomPart ? describeClassroomError : describeComposeError;
  const [ruleDraft, setRuleDraft] = useState(initialRuleDraft);
  const [showMissing, setShowMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [publishFailure, setPublishFailure] = useState<unknown>(null);
  const eventPart = useEventPart(initialPost, timeZone, update, autosave.error ?? publishFailure);
  const [isDiscarding, setDiscarding] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const [pendingEdits] = useState(() => new PendingEdits());
  const [titleProblem, setTitleProblem] = useState<'missing' | 'fromBody' | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const dateProblem = dateProblemOf(post, openedAt);
  const scheduled = isScheduled(post, openedAt);

  const handleDescription = useCallback((description: string) => update((p) => ({ ...p, description })), [update]);
  const setPeople = (people: number[]) => {
    update((p) => ({ ...p, audience: { ...p.audience, people } }));
    if (people.length > 0) setShowMissing(false);
  };
  const setRules = (draft: RuleDraft) => {
    setRuleDraft(draft);
    const rules = toAudienceRule(draft);
    update((p) => ({ ...p, audience: { ...p.audience, rules } }));
    if (rules) setShowMissing(false);
  };

  /** Issue 33 item 2: no post leaves without a subject; the body's first words fill it, shown before sending. */
  const checkSubject = (current: PostInput): boolean => {
    if (current.title.trim() !== '') return true;
    const title = subjectFromBody(current.description);
    if (title) update((p) => ({ ...p, title }));
    setTitleProblem(title ? 'fromBody' : 'missing');
    titleInput.current?.focus();
    return false;
  };

  const handlePublish = async () => {
    const current = read();
    setProblem(null);
    setTitleProblem(null);
    if (classroomPart && !classroomPart.check()) {
      setProblem(t('teaching.compose.checkFields'));
      document.getElementById('compose-recipients')?.scrollIntoView?.({ block: 'start' });
      return;
    }
    if (!classroomPart && !hasRecipients(current)) {
      setShowMissing(true);
      document.getElementById('compose-recipients')?.scrollIntoView({ block: 'start' });
      return;
    }
    setShowMissing(false);
    if (!checkSubject(current)) return;
    if (dateProblemOf(current, Date.now())) return;
    if (!eventPart.isSendable()) {
      setProblem(t('composeEvent.errors.checkEvent'));
      document.getElementById('compose-event')?.scrollIntoView({ block: 'start' });
      return;
    }
    if (byteLength(current.description) > MAX_DESCRIPTION_BYTES) {
      setProblem(t('compose.errors.tooLarge'));
      return;
    }
    const unsettled = await pendingEdits.settleAll();
    if (unsettled) {
      setProblem(t('composeAudience.pendingAddress', { label: unsettled.label }));
      unsettled.focus();
      return;
    }
    setPublishFailure(null);
    try {
      await publish(read(), classroomPart ? { groupId: classroomPart.target.groupId, ...classroomPart.publishFields() } : undefined);
    } catch (error) {
      setPublishFailure(error);
      if (isNoRecipients(error) && !classroomPart) setShowMissing(true);
      else setProblem(describeError(t, error));
    }
  };

  const handleDiscard = async () => {
    setDiscarding(true);
    try {
      await autosave.discard();
      setConfirmDiscard(false);
      onDiscarded();
    } catch (error) {
      setConfirmDiscard(false);
      setProblem(describeError(t, error));
      autosave.reopen();
    } finally {
      setDiscarding(false);
    }
  };

  return (
    // Not a <form>: Enter in the subject must not publish; only the publish button does.
    <PendingEditsContext.Provider value={pendingEdits}>
    <div className={classes.form}>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compose-message">
        <Title order={2} size="h4" id="compose-message" mb="sm">
          {t('compose.message')}
        </Title>
        <Stack gap="md">
          {!classroomPart && (
            <NativeSelect
              label={t('compose.type')}
              value={post.type}
              onChange={(event) => {
                const type = event.currentTarget.value as PostTypeKey;
                update((p) => ({ ...p, type }));
                if (type === 'event' && !eventPart.isOn) eventPart.setOn(true);
              }}
              data={typeOptions}
              maw={360}
            />
          )}
          <TextInput
            ref={titleInput}
            label={t('compose.title')}
            value={post.title}
            maxLength={MAX_TITLE_LENGTH}
            onChange={(event) => {
              const title = event.currentTarget.value;
              update((p) => ({ ...p, title }));
              if (titleProblem === 'missing' && title.trim() !== '') setTitleProblem(null);
            }}
            error={titleProblem === 'missing' ? t('composeAudience.titleMissing') : null}
            classNames={{ input: classes.titleInput, error: classes.titleError }}
            description={titleProblem === 'fromBody' ? t('composeAudience.titleFromBody') : undefined}
            size="md"
          />
          <RichTextEditor
            label={t('compose.description')}
            placeholder={t('compose.descriptionPlaceholder')}
            initialHtml={initialPost.description}
            onChange={handleDescription}
            uploadImage={uploadImage}
          />
          {post.quotes.map((quoteId) => (
            <QuotedPostPreview key={quoteId} postId={quoteId} onRemove={() => update((p) => ({ ...p, quotes: p.quotes.filter((id) => id !== quoteId) }))} />
          ))}
        </Stack>
      </Paper>

      {!classroomPart && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compose-event">
          <Title order={2} size="h4" id="compose-event" mb="sm">
            {t('composeEvent.title')}
          </Title>
          <EventSection part={eventPart} timeZone={timeZone} />
        </Paper>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compose-blocks">
        <Title order={2} size="h4" id="compose-blocks" mb="sm">
          {t('blocks.frame.title')}
        </Title>
        <BlocksSection postId={postId} ensurePost={ensurePost} />
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compose-recipients" id="compose-recipients-section">
        <Title order={2} size="h4" id="compose-recipients" mb="sm">
          {classroomPart ? t('teaching.compose.section') : t('compose.recipients')}
        </Title>
        {classroomPart ? (
          <ClassroomSection
            part={classroomPart}
            timeZone={timeZone}
            relatives={post.audience.relatives}
            onRelativesChange={(relatives) => update((p) => ({ ...p, audience: { ...p.audience, relatives } }))}
          />
        ) : (
          <RecipientsSection
            audience={post.audience}
            postType={post.type}
            onPeopleChange={setPeople}
            onRelativesChange={(relatives) => update((p) => ({ ...p, audience: { ...p.audience, relatives } }))}
            me={me}
            isStaff={isStaff}
            ruleDraft={ruleDraft}
            onRuleDraftChange={setRules}
            showMissing={showMissing}
          />
        )}
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compose-settings">
        <Title order={2} size="h4" id="compose-settings" mb="sm">
          {t('compose.settings.title')}
        </Title>
        <SettingsSection settings={post.settings} onChange={(settings) => update((p) => ({ ...p, settings }))} />
      </Paper>

      {!classroomPart && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="compose-dates">
          <Title order={2} size="h4" id="compose-dates" mb="sm">
            {t('compose.dates.title')}
          </Title>
          <DatesSection
            publishDate={post.publishDate}
            expirationDate={post.expirationDate}
            onChange={(dates) => update((p) => ({ ...p, ...dates }))}
            problem={dateProblem}
          />
        </Paper>
      )}

      <div className={classes.actionBar}>
        {titleProblem === 'fromBody' && <Notice>{t('composeAudience.titleFromBody')}</Notice>}
        {titleProblem === 'missing' && <Notice tone="error">{t('composeAudience.titleMissing')}</Notice>}
        {problem && <Notice tone="error">{problem}</Notice>}
        {showMissing && <Notice tone="error">{t('compose.mustSelectRecipients')}</Notice>}
        <div className={classes.actionRow}>
          <SaveIndicator status={autosave.status} error={autosave.error} />
          <Button variant="subtle" color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => setConfirmDiscard(true)}>
            {t('compose.discard.button')}
          </Button>
          <Button onClick={() => void handlePublish()} loading={isPublishing} leftSection={scheduled ? <IconClock size={18} aria-hidden="true" /> : <IconSend size={18} aria-hidden="true" />}>
            {scheduled ? t('compose.schedule') : t('compose.publish')}
          </Button>
        </div>
      </div>
      <ConfirmDiscard opened={confirmDiscard} busy={isDiscarding} onConfirm={() => void handleDiscard()} onCancel={() => setConfirmDiscard(false)} />
    </div>
    </PendingEditsContext.Provider>
  );
}
