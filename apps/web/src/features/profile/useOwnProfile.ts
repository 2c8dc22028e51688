import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import type { AvatarUpload, PersonProfile } from '@patio/core/schemas/people';

/** PATCH people/{id} (own email, mobile) and PUT/DELETE people/{id}/avatar, keeping the session's user in step. */
export function useOwnProfile(personId: number) {
  const { api, store } = useServices();
  const client = useQueryClient();
  const apply = (change: Partial<Pick<PersonProfile, 'email' | 'mobile' | 'avatar'>>) => {
    void client.invalidateQueries({ queryKey: ['person', personId] });
    const user = store.getState().user;
    // Only what this screen changes flows back into the signed-in user.
    if (user && user.id === personId) {
      const { email, mobile, avatar } = change;
      store.update({ user: { ...user, ...(email !== undefined && { email }), ...(mobile !== undefined && { mobile }), ...(avatar !== undefined && { avatar }) } });
    }
  };
  const save = useMutation({
    mutationFn: (change: { email: string | null; mobile: string | null }) => api.request<PersonProfile>(`people/${personId}`, { method: 'PATCH', body: change }),
    onSuccess: apply,
  });
  const uploadAvatar = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.request<AvatarUpload>(`people/${personId}/avatar`, { method: 'PUT', body: form });
    },
    onSuccess: apply,
  });
  const removeAvatar = useMutation({
    mutationFn: () => api.delete<null>(`people/${personId}/avatar`),
    onSuccess: () => apply({ avatar: null }),
  });
  return { save, uploadAvatar, removeAvatar };
}
