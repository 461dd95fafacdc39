import type { Migration } from '../types';

/**
 * A video's length in seconds (News Duration, docs/api.md): the site shows it on the video's card and page and in
 * its VideoObject, and it is the length of the clip the video plays (content/articles/video front matter,
 * scripts/generate-video-clips.ts). 0 for everything that is not a video.
 */
export const videoDurationMigration: Migration = {
  id: '111-video-duration',
  sql: `ALTER TABLE news ADD COLUMN Duration INTEGER NOT NULL DEFAULT 0 CHECK (Duration >= 0);`,
};
