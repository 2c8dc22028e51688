import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, CopyButton, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import type { IssuedLoginToken } from '@patio/core';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { useServices } from '../../app/services';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { Notice } from '../../ui/Notice';
import { describeError } from '../../app/api/describeError';

const LINK_LIFETIME_MINUTES = 7 * 24 * 60;

export interface SignInLinkSectionProps {
  personId: number;
  personName: string;
}

/**
 * For administrators: a one-time sign-in link for this person (POST people/{id}/login-tokens), to hand
 * to a family that has no password yet. Shown only when POST allowed says the caller may issue one.
 */
export function SignInLinkSection({ personId, personName }: SignInLinkSectionProps) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const path = `POST people/${personId}/login-tokens`;
  const allowed = useAllowedPaths([path]);
  const [issued, setIssued] = useState<IssuedLoginToken | null>(null);
  const issue = useMutation({
    mutationFn: () =>
      api.post<IssuedLoginToken>(`people/${personId}/login-tokens`, { expiresInMinutes: LINK_LIFETIME_MINUTES }),
    onSuccess: setIssued,
  });

  if (!allowed?.[path]) return null;
  const expires = issued ? formatDateTime(issued.expiresAt, i18n.language) : '';

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sign-in-link-title">
      <Title order={2} size="h4" id="sign-in-link-title" mb={4}>
        {t('signInLink.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('signInLink.hint', { name: personName })}
      </Text>
      {issued ? (
        <>
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput
              label={t('signInLink.linkLabel')}
              value={issued.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
            />
            <CopyButton value={issued.url}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  variant="light"
                  leftSection={copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
                >
                  {copied ? t('signInLink.copied') : t('signInLink.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dark.5" mt={6}>
            {t('signInLink.expires', { date: expires })}
          </Text>
        </>
      ) : (
        <Button
          variant="light"
          onClick={() => issue.mutate()}
          loading={issue.isPending}
          leftSection={<IconLink size={18} aria-hidden="true" />}
        >
          {t('signInLink.create')}
        </Button>
      )}
      {issue.isError && (
        <Notice tone="error">{describeError(t, issue.error)}</Notice>
      )}
    </Paper>
  );
}
