// Writes a long conversation straight into Lena's database with the real store, so tests and
// benchmarks can open it in the window without replaying thousands of turns.
import { lenaPaths } from '../../../electron/core/home';
import { openConversationStore } from '../../../electron/core/store/open-store';

/** Creates a conversation of `count` alternating messages ("Message N of the conversation"). */
export function seedConversation(home: string, title: string, count: number): string {
  const opened = openConversationStore(lenaPaths(home).database);
  try {
    const { store } = opened;
    const conversation = store.create({ title });
    const t0 = Date.now() - count * 1000;
    store.db.transaction(() => {
      for (let i = 1; i <= count; i++) {
        const body =
          i % 2 === 1
            ? `Message ${i} of the conversation`
            : `Message ${i} of the conversation\n\nSome **Markdown** with \`code\` and a list:\n\n- one\n- two`;
        store.append(conversation.id, {
          role: i % 2 === 1 ? 'user' : 'assistant',
          content: [{ type: 'text', text: body }],
          createdAt: t0 + i * 1000,
        });
      }
    });
    return conversation.id;
  } finally {
    opened.close();
  }
}
