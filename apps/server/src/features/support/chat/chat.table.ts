import type { ChatSender, ChatStatus } from '@playfront/contract/support-chat-paths';
import type { Generated, Selectable } from 'kysely';

export type SupportChatConversationTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number | null;
  guest_name: string | null;
  guest_token_hash: Buffer | null;
  status: Generated<ChatStatus>;
  staff_id: string | null;
  staff_name: string | null;
  last_seq: Generated<number>;
  customer_read_seq: Generated<number>;
  staff_read_seq: Generated<number>;
  customer_typing_at: Date | null;
  staff_typing_at: Date | null;
  rating: number | null;
  rating_comment: string | null;
  rated_at: Date | null;
  last_message_at: Date | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
};
export type ConversationRow = Selectable<SupportChatConversationTable>;

export type SupportChatMessageTable = {
  id: Generated<bigint>;
  conversation_id: bigint;
  seq: number;
  sender: ChatSender;
  sender_name: string | null;
  body: string | null;
  image_mime: 'image/png' | 'image/jpeg' | null;
  image_bytes: Buffer | null;
  created_at: Date;
};
