import { buildPersonAvatar, type AvatarModel } from '@patio/core/avatar';
import { pickAvatarColor, pickTextColor } from '@patio/core/avatar/avatarColor';
import type { PersonCard } from '@patio/core/schemas/people';

export interface PersonAvatarProps {
  person: PersonCard;
  size?: number;
  shape?: 'circle' | 'square';
}

/** A nameless person still gets a neutral avatar instead of breaking the list. */
function fallbackModel(person: PersonCard, size: number, shape: 'circle' | 'square'): AvatarModel {
  const background = pickAvatarColor(person.id);
  return { size, shape, radius: shape === 'circle' ? size / 2 : 6, src: null, initials: '?', label: '', background, color: pickTextColor(background) };
}

/** Pictures of up to 48 px (96 px on a 2× screen) use the server's thumbnail of a signed avatar URL. */
const THUMBNAIL_UP_TO_PX = 48;

/** The image URL for a drawn size: a signed avatar of ours (…/files/avatars/…?…signature=…) gets `size=thumb` when small. */
function avatarSourceFor(src: string, size: number): string {
  const isOwnSignedAvatar = /\/files\/avatars\/[^?]+\?(.*&)?signature=/.test(src);
  return isOwnSignedAvatar && size <= THUMBNAIL_UP_TO_PX ? `${src}&size=thumb` : src;
}

/**
 * The person's picture, or initials on their colour (spec §9 Avatar, core rules: the default
 * placeholder image counts as no picture). Decorative: the name is always written beside it.
 */
export function PersonAvatar({ person, size = 42, shape = 'circle' }: PersonAvatarProps) {
  let model: AvatarModel;
  try {
    model = buildPersonAvatar(person, { size, shape });
  } catch {
    model = fallbackModel(person, size, shape);
  }
  const style = { width: model.size, height: model.size, borderRadius: model.radius, flex: 'none' } as const;
  if (model.src) return <img src={avatarSourceFor(model.src, model.size)} alt="" style={{ ...style, objectFit: 'cover' }} loading="lazy" />;
  return (
    <span
      aria-hidden="true"
      style={{
        ...style,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: model.background,
        color: model.color,
        fontWeight: 600,
        fontSize: Math.round(model.size * 0.38),
      }}
    >
      {model.initials}
    </span>
  );
}
