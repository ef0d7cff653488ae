// Opening the conversation store the way the window and `lena chat` both need it: the database
// checked (or moved aside), migrated, and what a crash left half-done marked as interrupted.
import type { OpenDatabaseOptions } from './database';
import { openDatabase } from './database';
import { ConversationStore } from './conversations';

export interface OpenedConversationStore {
  store: ConversationStore;
  /** For the user when the old database was unusable and moved aside. */
  notice?: string;
  /** What recoverInterrupted() found left over from a previous run. */
  recovered: { messages: number; toolCalls: number };
  close(): void;
}

export function openConversationStore(
  file: string,
  options: OpenDatabaseOptions = {},
): OpenedConversationStore {
  const { db, notice } = openDatabase(file, options);
  const store = new ConversationStore(db);
  const recovered = store.recoverInterrupted();
  return {
    store,
    notice,
    recovered,
    close: () => {
      store.endSession();
      db.close();
    },
  };
}
