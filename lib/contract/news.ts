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

/** A slide of a carousel or a page's banner (News/GetIndexCarouse, GetNewsCarouse, GetNewsBanner). */
export interface WireSlide {
  ID: number;
  Title: string;
  SubTitle?: string;
  Image: string;
  Link?: string;
  Sort?: number;
  /** A banner's page (BANNER_PLACES). */
  Place?: string;
}

/** News/GetyearList: a year that has news. */
export interface WireYear {
  Year: number;
}

/** News/GetTW_Notice: a notice, linking to a news item when NewsID is set. */
export interface WireNotice {
  ID: number;
  Title: string;
  NewsID: number | null;
  PublishTime: string;
}

/** News/GetTW_MatrixType: a kind of account of the group's media matrix. */
export interface WireMatrixType {
  ID: number;
  Name: string;
  Icon: string;
  Sort?: number;
}

/** News/GetTW_MatrixDetail: one account of the media matrix. */
export interface WireMatrixAccount {
  ID: number;
  TypeID: number;
  TypeName?: string;
  Name: string;
  Account: string;
  Description: string;
  QrImage: string;
  Sort?: number;
}
