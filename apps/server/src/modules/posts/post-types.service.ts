import { type Language, type PostType, type PostTypeKey, type PostTypeUpdate, ZLanguage } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { postTypeDefaults } from './post-types.catalog';
import {
  findPersonLanguage,
  findPostType,
  findPostTypes,
  findSchoolsMissingPostTypes,
  insertMissingPostTypes,
  type PostTypeRow,
  updatePostType,
} from './post-types.queries';

type Names = PostType['names'];

/** Gives a school every kind of post it lacks (new schools, and schools older than post types). Idempotent. */
export async function seedPostTypes(db: Database, orgId: number): Promise<void> {
  await insertMissingPostTypes(db, orgId, postTypeDefaults);
}

/** At start, before the tenant guard: every school that lacks a kind gets it. */
export async function seedMissingPostTypes(db: Database): Promise<void> {
  for (const orgId of await findSchoolsMissingPostTypes(db)) await seedPostTypes(db, orgId);
}

function parseNames(row: PostTypeRow): Names {
  const stored = JSON.parse(row.names) as Partial<Names>;
  const fallback = postTypeDefaults.find((d) => d.key === row.key)?.names;
  return Object.fromEntries(ZLanguage.options.map((lang) => [lang, stored[lang] ?? stored.en ?? fallback?.[lang] ?? { singular: row.key, plural: row.key }])) as Names;
}

function toPostType(row: PostTypeRow, language: Language): PostType {
  const names = parseNames(row);
  const own = names[language] ?? names.en;
  return { type: row.key as PostTypeKey, singular: own.singular, plural: own.plural, icon: row.icon, color: row.color, visible: row.visible === 1, names };
}

async function callerLanguage(ctx: RequestContext): Promise<Language> {
  const parsed = ZLanguage.safeParse(await findPersonLanguage(ctx.db, ctx.org.id, requireCaller(ctx).id));
  return parsed.success ? parsed.data : 'en';
}

/** GET post-types: every kind of the school in list order, named in the caller's language (English when unset). */
export async function listPostTypes(ctx: RequestContext): Promise<PostType[]> {
  let rows = await findPostTypes(ctx.db, ctx.org.id);
  if (rows.length < postTypeDefaults.length) {
    // A school created while the server was running has none yet.
    await seedPostTypes(ctx.db, ctx.org.id);
    rows = await findPostTypes(ctx.db, ctx.org.id);
  }
  const language = await callerLanguage(ctx);
  return rows.map((row) => toPostType(row, language));
}

/** PUT post-types/{type} (administrators): names per language, icon, colour, visibility. */
export async function updatePostTypeOf(ctx: RequestContext, key: PostTypeKey, update: PostTypeUpdate): Promise<PostType> {
  await seedPostTypes(ctx.db, ctx.org.id);
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const row = await findPostType(trx, ctx.org.id, key);
    if (!row) throw notFound('There is no such post type in this school');
    const names = update.names ? JSON.stringify({ ...parseNames(row), ...update.names }) : undefined;
    await updatePostType(trx, ctx.org.id, key, {
      ...(names !== undefined ? { names } : {}),
      ...(update.icon !== undefined ? { icon: update.icon } : {}),
      ...(update.color !== undefined ? { color: update.color.toUpperCase() } : {}),
      ...(update.visible !== undefined ? { visible: update.visible ? 1 : 0 } : {}),
    });
    return (await findPostType(trx, ctx.org.id, key))!;
  });
  return toPostType(saved, await callerLanguage(ctx));
}
