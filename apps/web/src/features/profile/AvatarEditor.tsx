import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { hasAvatar } from '@patio/core/avatar/hasAvatar';
import { describeError } from '../auth/describeError';
import { PersonAvatar } from '../people/PersonAvatar';
import type { PersonProfile } from '../people/types';
import { useOwnProfile } from './useOwnProfile';
import '../people/mantineStyles';

/** Largest picture accepted before sending it. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Own picture: choose one and see it before saving it, or remove it to show initials again. */
export function AvatarEditor({ person }: { person: PersonProfile }) {
  const { t } = useTranslation();
  const { uploadAvatar, removeAvatar } = useOwnProfile(person.id);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function handleChoose(event: ChangeEvent<HTMLInputElement>): void {
    const chosen = event.currentTarget.files?.[0] ?? null;
    event.currentTarget.value = '';
    setError(null);
    if (!chosen) return;
    if (!AVATAR_TYPES.includes(chosen.type)) return setError(t('profile.avatarNotImage'));
    if (chosen.size > AVATAR_MAX_BYTES) return setError(t('profile.avatarTooLarge'));
    setFile(chosen);
  }

  async function handleSave(): Promise<void> {
    if (!file) return;
    try {
      await uploadAvatar.mutateAsync(file);
      setFile(null);
      setPreview(null);
    } catch (caught) {
      setError(describeError(t, caught));
    }
  }

  async function handleRemove(): Promise<void> {
    setError(null);
    try {
      await removeAvatar.mutateAsync();
    } catch (caught) {
      setError(describeError(t, caught));
    }
  }

  const shown = preview ? { ...person, avatar: preview } : person;
  return (
    <Group gap="md" align="center">
      {preview ? <img src={preview} alt={t('profile.avatarPreview')} width={72} height={72} style={{ borderRadius: '50%', objectFit: 'cover' }} /> : <PersonAvatar person={shown} size={72} />}
      <Group gap="xs">
        <input ref={input} type="file" accept={AVATAR_TYPES.join(',')} hidden aria-hidden="true" tabIndex={-1} onChange={handleChoose} />
        {file ? (
          <>
            <Button leftSection={<IconUpload size={18} aria-hidden="true" />} loading={uploadAvatar.isPending} onClick={() => void handleSave()}>
              {t('profile.avatarSave')}
            </Button>
            <Button variant="default" onClick={() => setFile(null)} disabled={uploadAvatar.isPending}>
              {t('common.cancel')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" leftSection={<IconPhoto size={18} aria-hidden="true" />} onClick={() => input.current?.click()}>
              {hasAvatar(person.avatar) ? t('profile.avatarChange') : t('profile.avatarChoose')}
            </Button>
            {hasAvatar(person.avatar) && (
              <Button variant="outline" color="red.9" leftSection={<IconTrash size={18} aria-hidden="true" />} loading={removeAvatar.isPending} onClick={() => void handleRemove()}>
                {t('profile.avatarRemove')}
              </Button>
            )}
          </>
        )}
      </Group>
      {error && (
        <p role="alert" style={{ margin: 0, color: '#c92a2a', width: '100%' }}>
          {error}
        </p>
      )}
    </Group>
  );
}
