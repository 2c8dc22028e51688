import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { hasAvatar } from '@patio/core/avatar/hasAvatar';
import { describeError } from '../../app/api/describeError';
import { PersonAvatar } from '../people';
import type { PersonProfile } from '@patio/core/schemas/people';
import { useOwnProfile } from './useOwnProfile';
import '../../ui/mantineStyles';

/** Largest picture accepted before sending it. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Own picture: choose one and see it before saving it, or remove it to show initials again. */
export function AvatarEditor({ person }: { person: PersonProfile }) {
  const { t } = useTranslation();
  const { uploadAvatar, removeAvatar } = useOwnProfile(person.id);
  const input = useRef<HTMLInputElement>(null);
  // The chosen picture and the object URL that previews it, released once it is no longer shown.
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;

  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  function handleChoose(event: ChangeEvent<HTMLInputElement>): void {
    const picked = event.currentTarget.files?.[0] ?? null;
    event.currentTarget.value = '';
    setError(null);
    if (!picked) return;
    if (!AVATAR_TYPES.includes(picked.type)) return setError(t('profile.avatarNotImage'));
    if (picked.size > AVATAR_MAX_BYTES) return setError(t('profile.avatarTooLarge'));
    setChosen({ file: picked, preview: URL.createObjectURL(picked) });
  }

  async function handleSave(): Promise<void> {
    if (!file) return;
    try {
      await uploadAvatar.mutateAsync(file);
      setChosen(null);
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
            <Button variant="default" onClick={() => setChosen(null)} disabled={uploadAvatar.isPending}>
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
