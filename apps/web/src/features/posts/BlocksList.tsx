import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ZBlock } from '@patio/core/schemas/posts';
import { IconBrandGoogleDrive, IconBrandYoutube, IconCode, IconFileDescription, IconFiles, IconForms, IconPhoto, type Icon } from '@tabler/icons-react';
import classes from './posts.module.css';

type Block = z.infer<typeof ZBlock>;

const ICONS: Record<Block['type'], Icon> = {
  files: IconFiles,
  form: IconForms,
  html: IconFileDescription,
  image: IconPhoto,
  v3: IconCode,
  youtube: IconBrandYoutube,
  googleDocument: IconBrandGoogleDrive,
};

/** Only web addresses open from a card; API paths of files and forms wait for their own views. */
function externalUrl(url: string | null): string | null {
  return url && /^https:\/\//i.test(url) ? url : null;
}

/** A post's blocks in order, each a labelled box (with a link when it points to the web); the Blocks issue draws them whole. */
export function BlocksList({ blocks }: { blocks: Block[] }) {
  const { t } = useTranslation();
  if (blocks.length === 0) return null;
  return (
    <ul className={classes.blocks} aria-label={t('postCard.blocks.label')}>
      {blocks.map((block) => {
        const BlockIcon = ICONS[block.type] ?? IconFiles;
        const name = t(`postCard.blocks.${block.type}`);
        const url = externalUrl(block.url);
        return (
          <li key={block.id} className={classes.block}>
            <BlockIcon size={20} aria-hidden="true" />
            {url ? (
              <a href={url} target="_blank" rel="noopener noreferrer" className={classes.blockLink}>
                {name}
              </a>
            ) : (
              <span>{name}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
