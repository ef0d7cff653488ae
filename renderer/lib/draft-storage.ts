// Drafts survive a reload or a crash of the window: they are kept in the page's own storage
// (per app origin), written at most once a second, and never hold more than a bounded amount.
const KEY = 'lena:drafts';
const MAX_CHARS = 200_000;

type Drafts = Record<string, string>;

/** The drafts saved by an earlier run of the window (empty when there are none or storage is off). */
export function loadDrafts(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Drafts {
  try {
    const raw = storage?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Only non-empty drafts are kept, newest conversations' first when over the size cap. */
export function serialiseDrafts(drafts: Drafts): string {
  let total = 0;
  const kept: Drafts = {};
  for (const [id, text] of Object.entries(drafts).reverse()) {
    if (!text.trim()) continue;
    total += text.length;
    if (total > MAX_CHARS) break;
    kept[id] = text;
  }
  return JSON.stringify(kept);
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Saves soon (debounced); a later call replaces an earlier pending one. */
export function saveDraftsSoon(drafts: Drafts, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage, delayMs = 1000): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    try {
      storage?.setItem(KEY, serialiseDrafts(drafts));
    } catch {
      // Storage full or disabled: drafts stay in memory for this run.
    }
  }, delayMs);
}
