import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PostInput, Published } from '@patio/core/schemas/posts';
import { useServices } from '../../app/services';
import type { ClassroomPublish } from './classroomModel';
import type { DraftAutosave } from './useDraftAutosave';

/** What the sent screen shows after a publish (router state): the answer of POST people/{me}/posts/sent. */
export interface PublishedState {
  published: Published;
}

/** Where a classroom post goes (issue 35): the group, and the kind, due date and points sent with it. */
export interface ClassroomDestination extends ClassroomPublish {
  groupId: number;
}

/**
 * POST people/{me}/posts/sent: the saved draft ({draft: id}) once its last edits are saved, or the
 * whole post when nothing was saved yet; then the sent post's screen. Autosave stops meanwhile, so no
 * late save can touch what was published. To a classroom: POST nodes/{groupId}/classroom/posts with
 * the same body plus kind, due date and points, then the post's classroom screen.
 */
export function usePublish(me: number | null, autosave: DraftAutosave) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [isPublishing, setPublishing] = useState(false);

  const publish = async (post: PostInput, classroom?: ClassroomDestination): Promise<void> => {
    setPublishing(true);
    try {
      const saved = await autosave.flush(post);
      if (!saved.ok) throw saved.error;
      await autosave.close();
      const body = saved.id !== null ? { draft: saved.id } : post;
      if (classroom) {
        const { groupId, ...fields } = classroom;
        // A saved draft is published in place; its audience becomes the group's, `relatives` as chosen.
        const request = saved.id !== null ? { draft: saved.id, ...fields, relatives: post.audience.relatives } : { ...post, ...fields };
        const created = await api.post<{ id: number }>(`nodes/${groupId}/classroom/posts`, request);
        void client.invalidateQueries({ queryKey: ['threads'] });
        void client.invalidateQueries({ queryKey: ['classroom'] });
        void client.invalidateQueries({ queryKey: ['teaching'] });
        await navigate(`/people/${me}/classroom/${groupId}/posts/${created.id}`);
        return;
      }
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
