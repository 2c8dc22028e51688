import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CopyButton, Group, Loader, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconCopy, IconExternalLink, IconRefresh, IconX } from '@tabler/icons-react';
import { useSignedInId } from '../../app/session/useSignedInId';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { describeError } from '../../app/api/describeError';
import { LoadFailed } from '../../ui/LoadFailed';
import { Notice } from '../../ui/Notice';
import { SubscriptionInstructions } from './SubscriptionInstructions';
import { useCalendarSubscription } from './useCalendarSubscription';
import classes from './settings.module.css';

type Confirmation = 'reset' | 'revoke';

/**
 * A private webcal:// address with every event of the person's calendar, for Google Calendar, Outlook
 * and Apple Calendar: create it, copy it, replace it (the old one stops working) or turn it off.
 */
export function CalendarSubscriptionSection() {
  const { t } = useTranslation();
  const me = useSignedInId();
  const { query, create, revoke } = useCalendarSubscription(me);
  // The kind outlives the dialog's closing animation, so its words do not change while it fades.
  const [confirmation, setConfirmation] = useState<{ kind: Confirmation; opened: boolean }>({ kind: 'reset', opened: false });
  const ask = (kind: Confirmation) => setConfirmation({ kind, opened: true });
  const closeDialog = () => setConfirmation((current) => ({ ...current, opened: false }));
  const url = query.data?.url ?? null;
  const failure = create.error ?? revoke.error;

  const handleConfirm = () => {
    const done = { onSettled: closeDialog };
    if (confirmation.kind === 'reset') create.mutate(undefined, done);
    else revoke.mutate(undefined, done);
  };

  let body;
  if (query.isError) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  else if (query.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (url === null) {
    body = (
      <Button variant="light" onClick={() => create.mutate()} loading={create.isPending} leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}>
        {t('calendarSettings.subscription.create')}
      </Button>
    );
  } else {
    body = (
      <>
        <Group gap="xs" align="end" wrap="nowrap">
          <TextInput label={t('calendarSettings.subscription.linkLabel')} value={url} readOnly onFocus={(event) => event.currentTarget.select()} className={classes.grow} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant="light" leftSection={copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}>
                {copied ? t('calendarSettings.subscription.copied') : t('calendarSettings.subscription.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="xs" mt="sm">
          <Button component="a" href={url} variant="subtle" leftSection={<IconExternalLink size={18} aria-hidden="true" />}>
            {t('calendarSettings.subscription.open')}
          </Button>
          <Button variant="subtle" onClick={() => ask('reset')} leftSection={<IconRefresh size={18} aria-hidden="true" />}>
            {t('calendarSettings.subscription.reset')}
          </Button>
          {/* A subtle button's text takes at most shade 6 of its colour, too light on white (3.3:1): c keeps shade 9. */}
          <Button variant="subtle" color="red.9" c="red.9" onClick={() => ask('revoke')} leftSection={<IconX size={18} aria-hidden="true" />}>
            {t('calendarSettings.subscription.revoke')}
          </Button>
        </Group>
        <SubscriptionInstructions url={url} />
      </>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-calendar-subscription">
      <Title order={2} size="h4" id="settings-calendar-subscription" mb={4}>
        {t('calendarSettings.subscription.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('calendarSettings.subscription.hint')}
      </Text>
      {body}
      {failure !== null && <Notice tone="error">{describeError(t, failure)}</Notice>}
      <ConfirmDialog
        opened={confirmation.opened}
        title={t(`calendarSettings.subscription.${confirmation.kind}Confirm.title`)}
        message={t(`calendarSettings.subscription.${confirmation.kind}Confirm.message`)}
        confirmLabel={t(`calendarSettings.subscription.${confirmation.kind}Confirm.confirm`)}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={create.isPending || revoke.isPending}
        onConfirm={handleConfirm}
        onCancel={closeDialog}
      />
    </Paper>
  );
}
