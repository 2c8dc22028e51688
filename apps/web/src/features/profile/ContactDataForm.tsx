import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, TextInput } from '@mantine/core';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import type { PersonProfile } from '@patio/core/schemas/people';
import { useOwnProfile } from './useOwnProfile';
import { emailFormatMessage, isEmail } from '@patio/core/email';
import '../../ui/mantineStyles';

interface ServerDetail {
  path?: string;
  message?: string;
}

/** Reads a refused save: which field, in the interface language when the server's wording is known. */
function readFailure(t: ReturnType<typeof useTranslation>['t'], error: unknown): { email?: string; mobile?: string; form?: string } {
  if (!(error instanceof ApiError) || error.status !== 400) return { form: describeError(t, error) };
  const body = error.body as { message?: string; details?: ServerDetail[] } | null;
  const details = body?.details ?? [{ path: body?.message?.includes('email') ? 'email' : undefined, message: body?.message }];
  const out: { email?: string; mobile?: string; form?: string } = {};
  for (const detail of details) {
    const path = detail.path?.replace(/^\//, '');
    const message = detail.message === emailFormatMessage ? t('profile.emailInvalid') : detail.message;
    if (path === 'email' || detail.message === emailFormatMessage) out.email = message ?? t('profile.emailInvalid');
    else if (path === 'mobile') out.mobile = t('profile.mobileInvalid');
    else out.form = message ?? t('errors.generic');
  }
  return out;
}

/** Own email and mobile, checked before sending; the server's refusals are shown on their fields. */
export function ContactDataForm({ person }: { person: PersonProfile }) {
  const { t } = useTranslation();
  const { save } = useOwnProfile(person.id);
  const [email, setEmail] = useState(person.email ?? '');
  const [mobile, setMobile] = useState(person.mobile ?? '');
  const [errors, setErrors] = useState<{ email?: string; mobile?: string; form?: string }>({});
  const [saved, setSaved] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSaved(false);
    // spec §5 Added email: the one email rule; an empty field clears the address.
    if (email.trim() !== '' && !isEmail(email.trim())) {
      setErrors({ email: t('profile.emailInvalid') });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ email: email.trim() || null, mobile: mobile.trim() || null });
      setSaved(true);
    } catch (caught) {
      setErrors(readFailure(t, caught));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t('profile.email')}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          autoComplete="email"
          size="md"
        />
        <TextInput
          type="tel"
          label={t('profile.mobile')}
          value={mobile}
          onChange={(event) => setMobile(event.currentTarget.value)}
          error={errors.mobile}
          autoComplete="tel"
          inputMode="tel"
          size="md"
        />
        {errors.form && (
          <p role="alert" style={{ margin: 0, color: '#c92a2a' }}>
            {errors.form}
          </p>
        )}
        {saved && (
          <p role="status" style={{ margin: 0, color: '#2b8a3e' }}>
            {t('profile.saved')}
          </p>
        )}
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('profile.save')}
        </Button>
      </Stack>
    </form>
  );
}
