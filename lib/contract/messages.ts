/**
 * SPEC §7 messages (docs/api.md "TW_Message"): a member's message and the sources it names.
 */

export interface WireSource {
  SourceID: number;
  SourceName: string;
  Type: number;
}

export interface WireMessage {
  MessageID: number;
  Type: number;
  SourceID: number;
  SourceName: string;
  Title: string;
  Content: string;
  ContactPhone: string;
  Reply: string;
  ReplyTime: string;
  Status: number;
  CreateTime: string;
}

/** TW_Message/AddTW_Message: the message as filed. */
export interface WireMessageAdded {
  MessageID: number;
  CreateTime: string;
}
