import type { Migration } from '../types';

/**
 * Tables: news of every type (lib/news-types.ts, type 30 = help items),
 * carousels and banners, the social-media matrix, notices, system pages and
 * their revision logs, hot words, jobs, the home page's figures, display
 * settings and third-party apps. Lists page in SQL, so every list has an index
 * that matches its ORDER BY.
 */
export const contentMigration: Migration = {
  id: '020-content',
  sql: `
CREATE TABLE news (
  ID INTEGER PRIMARY KEY,
  Type INTEGER NOT NULL,
  ClassID INTEGER NOT NULL DEFAULT 0,
  Title TEXT NOT NULL,
  Summary TEXT NOT NULL DEFAULT '',
  Content TEXT NOT NULL DEFAULT '',
  Image TEXT NOT NULL DEFAULT '',
  VideoUrl TEXT NOT NULL DEFAULT '',
  Author TEXT NOT NULL DEFAULT '',
  Source TEXT NOT NULL DEFAULT '',
  ProvinceID INTEGER NOT NULL DEFAULT 0,
  PublishTime TEXT NOT NULL,
  Year INTEGER NOT NULL,
  Sort INTEGER NOT NULL DEFAULT 0,
  Views INTEGER NOT NULL DEFAULT 0,
  IsTop INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX news_type_time ON news (Type, IsTop DESC, PublishTime DESC, ID DESC);
CREATE INDEX news_type_year ON news (Type, Year);
CREATE INDEX news_help_order ON news (Type, ClassID, Sort, ID);
CREATE INDEX news_time ON news (PublishTime DESC, ID DESC);

CREATE TABLE slides (
  ID INTEGER PRIMARY KEY,
  Kind TEXT NOT NULL CHECK (Kind IN ('index', 'news', 'banner')),
  Place TEXT NOT NULL DEFAULT '',
  Title TEXT NOT NULL,
  SubTitle TEXT NOT NULL DEFAULT '',
  Image TEXT NOT NULL,
  Link TEXT NOT NULL DEFAULT '',
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX slides_kind ON slides (Kind, Place, Sort);

CREATE TABLE matrix_types (
  ID INTEGER PRIMARY KEY,
  Name TEXT NOT NULL,
  Icon TEXT NOT NULL DEFAULT '',
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE matrix_accounts (
  ID INTEGER PRIMARY KEY,
  TypeID INTEGER NOT NULL REFERENCES matrix_types (ID),
  Name TEXT NOT NULL,
  Account TEXT NOT NULL DEFAULT '',
  Description TEXT NOT NULL DEFAULT '',
  QrImage TEXT NOT NULL DEFAULT '',
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX matrix_accounts_type ON matrix_accounts (TypeID, Sort);

CREATE TABLE notices (
  ID INTEGER PRIMARY KEY,
  Title TEXT NOT NULL,
  NewsID INTEGER,
  PublishTime TEXT NOT NULL,
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX notices_time ON notices (Sort DESC, PublishTime DESC);

CREATE TABLE system_classes (
  ID INTEGER PRIMARY KEY,
  Name TEXT NOT NULL,
  Description TEXT NOT NULL DEFAULT '',
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE system_docs (
  ID INTEGER PRIMARY KEY,
  ClassID INTEGER NOT NULL REFERENCES system_classes (ID),
  Title TEXT NOT NULL,
  DocNo TEXT NOT NULL DEFAULT '',
  Content TEXT NOT NULL DEFAULT '',
  PublishTime TEXT NOT NULL,
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX system_docs_class ON system_docs (ClassID, Sort, ID);
CREATE TABLE system_logs (
  ID INTEGER PRIMARY KEY,
  DocID INTEGER REFERENCES system_docs (ID),
  Title TEXT NOT NULL,
  Content TEXT NOT NULL DEFAULT '',
  Editor TEXT NOT NULL DEFAULT '',
  PublishTime TEXT NOT NULL
);
CREATE INDEX system_logs_time ON system_logs (PublishTime DESC, ID DESC);

CREATE TABLE hot_words (
  ID INTEGER PRIMARY KEY,
  Word TEXT NOT NULL UNIQUE,
  Hits INTEGER NOT NULL DEFAULT 0,
  IsRecommend INTEGER NOT NULL DEFAULT 0,
  Sort INTEGER NOT NULL DEFAULT 0,
  LastTime TEXT NOT NULL
);
CREATE INDEX hot_words_rank ON hot_words (IsRecommend DESC, Hits DESC, Sort);
-- One row per recorded search, for the per-IP rate limit of InsertHotWords.
CREATE TABLE hot_word_hits (
  ID INTEGER PRIMARY KEY,
  Ip TEXT NOT NULL,
  At INTEGER NOT NULL
);
CREATE INDEX hot_word_hits_ip ON hot_word_hits (Ip, At);

CREATE TABLE job_types (
  ID INTEGER PRIMARY KEY,
  Name TEXT NOT NULL,
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE job_companies (
  ID INTEGER PRIMARY KEY,
  Name TEXT NOT NULL,
  City TEXT NOT NULL DEFAULT '',
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE jobs (
  ID INTEGER PRIMARY KEY,
  TypeID INTEGER NOT NULL REFERENCES job_types (ID),
  CompanyID INTEGER NOT NULL REFERENCES job_companies (ID),
  Title TEXT NOT NULL,
  City TEXT NOT NULL DEFAULT '',
  Salary TEXT NOT NULL DEFAULT '',
  Education TEXT NOT NULL DEFAULT '',
  Experience TEXT NOT NULL DEFAULT '',
  Headcount INTEGER NOT NULL DEFAULT 1,
  Description TEXT NOT NULL DEFAULT '',
  Channel TEXT NOT NULL DEFAULT 'social' CHECK (Channel IN ('social', 'campus')),
  PublishTime TEXT NOT NULL
);
CREATE INDEX jobs_time ON jobs (PublishTime DESC, ID DESC);
CREATE INDEX jobs_type ON jobs (TypeID, PublishTime DESC);
CREATE INDEX jobs_company ON jobs (CompanyID, PublishTime DESC);

CREATE TABLE site_figures (
  Key TEXT PRIMARY KEY,
  Label TEXT NOT NULL,
  Value INTEGER NOT NULL,
  Unit TEXT NOT NULL DEFAULT '',
  Sort INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE site_settings (
  Key TEXT PRIMARY KEY,
  Value TEXT NOT NULL
);
CREATE TABLE third_apps (
  ID INTEGER PRIMARY KEY,
  Name TEXT NOT NULL,
  Description TEXT NOT NULL DEFAULT '',
  QrImage TEXT NOT NULL DEFAULT '',
  Link TEXT NOT NULL DEFAULT '',
  Sort INTEGER NOT NULL DEFAULT 0
);
`,
};
