import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PostInput, Published } from '@patio/core/schemas/posts';
import { useServices } from '../../app/services';
import type { DraftAutosave } from './useDraftAutosave';

/** What the sent screen shows after a publish (router state): the answer of POST people/{me}/posts/sent. */
export interface PublishedState {
  published: Published;
}

/**
 * POST people/{me}/posts/sent: the saved draft ({draft: id}) once its last edits are saved, or the
 * whole post when nothing was saved yet; then the sent post's screen. Autosave stops meanwhile, so no
 * late save can touch what was published.
 */
export function usePublish(me: number | null, autosave: DraftAutosave) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [isPublishing, setPublishing] = useState(false);

  const publish = async (post: PostInput): Promise<void> => {
    setPublishing(true);
    try {
      const saved = await autosave.flush(post);
      if (!saved.ok) throw saved.error;
      await autosave.close();
      const body = saved.id !== null ? { draft: saved.id } : post;
      const published = await api.post<Published>(`people/${me}/posts/sent`, body);
      void client.invalidateQueries({ queryKey: ['threads'] });
      await navigate(`/sent/${published.id}`, { state: { published } satisfies PublishedState });
    } catch (error) {
      autosave.reopen();
      throw error;
    } finally {
      setPublishing(false);
    }
  };
  return { publish, isPublishing };
}
