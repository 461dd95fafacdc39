/**
 * SPEC §7 News (docs/api.md "News (`/api/News/`)"): the news table's columns and a news item on the wire.
 */

/** A news item's columns (News/GetNewList, News/GetNewDetail), as the embedded backend stores them. */
export interface WireNewsRow {
  ID: number;
  Type: number;
  ClassID: number;
  Title: string;
  Summary: string;
  Content?: string;
  Image: string;
  VideoUrl: string;
  /** A video's length in seconds (0 for every other type; migration 111). */
  Duration?: number;
  Author: string;
  Source: string;
  ProvinceID: number;
  PublishTime: string;
  Year: number;
  Views: number;
  IsTop: number;
}

/** A news item on the wire: its columns, the type's name, and a help item's group. */
export interface WireNews extends WireNewsRow {
  TypeName: string;
  GroupName?: string;
}

export interface WireNewsDetail extends WireNews {
  Content: string;
  Prev: { ID: number; Title: string } | null;
  Next: { ID: number; Title: string } | null;
}
