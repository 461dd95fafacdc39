/**
 * The site's documents and logs (docs/api.md "System pages"): a rules document and its change log.
 */

export interface WireDoc {
  ID: number;
  ClassID: number;
  ClassName: string;
  Title: string;
  DocNo: string;
  Content: string;
  PublishTime: string;
}

export interface WireLog {
  ID: number;
  DocID: number | null;
  DocTitle: string | null;
  Title: string;
  Editor: string;
  PublishTime: string;
  Content?: string;
}

/** TW_Class/GetSystemMenu: a class of the group's rules and its number of documents. */
export interface WireSystemMenu {
  ID: number;
  Name: string;
  Description: string;
  DocCount: number;
}
