import { pickAvatarColor, pickTextColor } from './avatar/avatarColor';
import { getInitials, getPersonInitials } from './avatar/getInitials';
import { hasAvatar } from './avatar/hasAvatar';
import { formatFullName, readPersonName, type PersonNameInput } from './people/displayName';

export * from './avatar/avatarColor';
export * from './avatar/getInitials';
export * from './avatar/hasAvatar';

// spec §5, §9 Avatar: default size 42, square radius 6 px, shapes square or circle only,
// the person avatar name must be non-empty.

/** Default avatar size in px. */
export const AVATAR_DEFAULT_SIZE = 42;
/** Corner radius of a square avatar in px. */
export const AVATAR_SQUARE_RADIUS_PX = 6;
/** The allowed avatar shapes. */
export const AVATAR_SHAPES = ['square', 'circle'] as const;
export type AvatarShape = (typeof AVATAR_SHAPES)[number];

/** What an avatar needs: a stable id (for its colour), a name (for initials and the label), maybe a picture. */
export interface AvatarInput {
  id: number | string;
  name: string;
  src?: string | null;
  size?: number;
  shape?: string;
}

/** Everything needed to draw an avatar; `src` is null when initials should be shown. */
export interface AvatarModel {
  size: number;
  shape: AvatarShape;
  radius: number;
  src: string | null;
  initials: string;
  label: string;
  background: string;
  color: '#000000' | '#FFFFFF';
}

/** Checks an avatar shape; throws for anything other than 'square' or 'circle'. */
export function assertAvatarShape(shape: unknown): asserts shape is AvatarShape {
  if (!(AVATAR_SHAPES as readonly unknown[]).includes(shape)) {
    throw new Error(`Invalid avatar shape "${String(shape)}": use square or circle`);
  }
}

/** Builds the drawing model of an avatar; throws when the name is empty, the size invalid or the shape unknown. */
export function buildAvatar(input: AvatarInput, initials?: string): AvatarModel {
  const label = input.name?.trim() ?? '';
  if (label === '') throw new Error('Avatar name must not be empty');
  const shape = input.shape ?? 'square';
  assertAvatarShape(shape);
  const size = input.size ?? AVATAR_DEFAULT_SIZE;
  if (!Number.isFinite(size) || size <= 0) throw new Error(`Invalid avatar size ${size}`);
  const background = pickAvatarColor(input.id);
  return {
    size,
    shape,
    radius: shape === 'circle' ? size / 2 : AVATAR_SQUARE_RADIUS_PX,
    src: hasAvatar(input.src) ? (input.src as string).trim() : null,
    initials: initials ?? getInitials(label),
    label,
    background,
    color: pickTextColor(background),
  };
}

/** Builds a person's avatar from id, names (camelCase or lowercase) and picture; throws when the person has no name. */
export function buildPersonAvatar(
  person: PersonNameInput & { id: number | string; avatar?: string | null },
  options: { size?: number; shape?: string } = {},
): AvatarModel {
  const name = readPersonName(person);
  return buildAvatar(
    { id: person.id, name: formatFullName(person), src: person.avatar, ...options },
    getPersonInitials(name),
  );
}
