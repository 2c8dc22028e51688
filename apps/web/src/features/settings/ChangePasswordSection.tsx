import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { registrationPasswordInputs } from '@patio/core/registration/validateRegistration';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { findPasswordProblem, refusedPasswordCode } from '../auth';
import { PasswordStrength, usePasswordCheck } from '../registration';
import { usePasswordChange } from './usePasswordChange';
import '../../ui/mantineStyles';

type Field = 'current' | 'next' | 'confirmation';

const isWrongPassword = (error: unknown) => error instanceof ApiError && error.status === 400 && error.code === 'wrong_password';

/**
 * /settings: change one's own password (issue 29 item 2). The current one proves it is the person; the
 * new one is weighed live by the shared policy, as on the registration and reset screens. Every other
 * device is signed out by the change; this one goes on with the new token the server answers.
 */
export const ChangePasswordSection = withDirectoryTerms(function ChangePasswordSection() {
  const { t } = useTranslation();
  const user = useSessionState((s) => s.user);
  const change = usePasswordChange();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  // A password built from the person's own names, document or email is refused, here as on the server.
  const userInputs = useMemo(
    () => (user ? registrationPasswordInputs({ ...user, document: user.document ?? undefined }, user.email ?? '') : []),
    [user],
  );
  const check = usePasswordCheck(next, userInputs);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFailure(null);
    setChanged(false);
    const found: Partial<Record<Field, string>> = {};
    if (current === '') found.current = t('passwordChange.currentRequired');
    const problem = await findPasswordProblem(next, confirmation, userInputs);
    if (problem) found[problem.field === 'password' ? 'next' : 'confirmation'] = t(`registration.errors.${problem.problem}`);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change.mutateAsync({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirmation('');
      setChanged(true);
    } catch (caught) {
      const code = refusedPasswordCode(caught);
      if (isWrongPassword(caught)) setErrors({ current: t('passwordChange.wrongPassword') });
      else if (code) setErrors({ next: t(`registration.errors.${code}`) });
      else setFailure(describeError(t, caught));
    }
  }

  const reveal = { showPasswordLabel: t('login.showPassword'), hidePasswordLabel: t('login.hidePassword') };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-password" data-testid="settings-password">
      <Title order={2} size="h4" id="settings-password" mb={4}>
        {t('passwordChange.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('passwordChange.hint')}
      </Text>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="sm">
          <TextField
            type="password"
            label={t('passwordChange.current')}
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={errors.current}
            autoComplete="current-password"
            {...reveal}
            required
          />
          <TextField
            type="password"
            label={t('passwordChange.next')}
            description={t('password.rule')}
            value={next}
            onChange={(event) => setNext(event.currentTarget.value)}
            error={errors.next}
            autoComplete="new-password"
            {...reveal}
            required
          />
          <PasswordStrength check={check} showProblem={!errors.next} />
          <TextField
            type="password"
            label={t('passwordChange.confirmation')}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
            autoComplete="new-password"
            {...reveal}
            required
          />
          {failure && <Notice tone="error">{failure}</Notice>}
          {changed && <Notice>{t('passwordChange.changed')}</Notice>}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('passwordChange.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
});
