import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { TFunction } from 'i18next';

// What a screen reader hears while a dashboard block is moved with the keyboard: the same sentences
// compose says of a post's blocks (blocks.frame.dnd), so both lists speak alike.

export function blockAnnouncements(t: TFunction, nameOf: (id: UniqueIdentifier) => string, positionOf: (id: UniqueIdentifier) => number, count: number): Announcements {
  return {
    onDragStart: ({ active }) => t('blocks.frame.dnd.picked', { name: nameOf(active.id), position: positionOf(active.id), count }),
    onDragOver: ({ active, over }) => (over ? t('blocks.frame.dnd.over', { name: nameOf(active.id), position: positionOf(over.id), count }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('blocks.frame.dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id), count }) : undefined),
    onDragCancel: ({ active }) => t('blocks.frame.dnd.cancelled', { name: nameOf(active.id) }),
  };
}

export const blockInstructions = (t: TFunction): ScreenReaderInstructions => ({ draggable: t('blocks.frame.dnd.instructions') });
