import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Paper, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useServices } from '../../app/services';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { describeError } from '../../app/api/describeError';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import '@mantine/core/styles/Modal.css';

export interface SignOutPersonSectionProps {
  personId: number;
  personName: string;
}

/**
 * For administrators: sign a person out on every device at once (DELETE people/{id}/sessions), e.g. a
 * lost phone or someone who left. Shown only when POST allowed says the caller may.
 */
export function SignOutPersonSection({ personId, personName }: SignOutPersonSectionProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const path = `DELETE people/${personId}/sessions`;
  const allowed = useAllowedPaths([path]);
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    mutationFn: () => api.delete(`people/${personId}/sessions`),
    onSettled: () => setConfirming(false),
  });

  if (!allowed?.[path]) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sign-out-person-title">
      <Title order={2} size="h4" id="sign-out-person-title" mb={4}>
        {t('signOutPerson.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('signOutPerson.hint', { name: personName })}
      </Text>
      <Button
        variant="outline"
        color="red.9"
        styles={{ root: { height: 'auto', minHeight: 36, paddingBlock: 6 }, label: { whiteSpace: 'normal' } }}
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        onClick={() => setConfirming(true)}
      >
        {t('signOutPerson.action')}
      </Button>
      {signOut.isSuccess && <Notice>{t('signOutPerson.done', { name: personName })}</Notice>}
      {signOut.isError && <Notice tone="error">{describeError(t, signOut.error)}</Notice>}
      <ConfirmDialog
        opened={confirming}
        title={t('signOutPerson.confirmTitle', { name: personName })}
        message={t('signOutPerson.confirmMessage', { name: personName })}
        confirmLabel={t('signOutPerson.action')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={signOut.isPending}
        onConfirm={() => signOut.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
