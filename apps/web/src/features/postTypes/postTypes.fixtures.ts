import type { PostType } from '@patio/core/schemas/posts';
import { validToken } from '../../test/makeToken';
import { BASE } from '../../test/fetchStub';

/** Test data of the post types screens, shared by the compose and sent screens' tests. */
export const signedIn = (uid = 3) => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(uid) });

export function postType(type: PostType['type'], singular: string, visible = true): PostType {
  const plural = `${singular}s`;
  return {
    type,
    singular,
    plural,
    icon: 'message',
    color: '#1c89b8',
    visible,
    names: {
      es: { singular, plural },
      en: { singular: `${singular} (en)`, plural: `${plural} (en)` },
      de: { singular, plural },
      fr: { singular, plural },
      it: { singular, plural },
      pt: { singular, plural },
    },
  };
}

export const POST_TYPES = [postType('message', 'Mensaje'), postType('circular', 'Circular'), postType('poll', 'Encuesta', false)];

