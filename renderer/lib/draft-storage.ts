// Drafts survive a reload or a crash of the window: they are kept in the page's own storage
// (per app origin), written at most once a second, and never hold more than a bounded amount.
// A draft that holds something shaped like a credential (a pasted API key) stays in memory only:
// the page's storage is a plain file on disk, and a key must never land there in clear text.
const KEY = 'lena:drafts';
const MAX_CHARS = 200_000;

type Drafts = Record<string, string>;

// Anthropic keys first (the one Lena holds); then other common provider tokens users paste.
const SECRET_SHAPES = [
  /\bsk-ant-[A-Za-z0-9_-]{8,}/,
  /\bsk-(?:proj-)?(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/,
  /\bAKIA[0-9A-Z]{16}\b/,
];

/** Whether text contains something shaped like an API key or access token. */
export function looksLikeSecret(text: string): boolean {
  return SECRET_SHAPES.some((shape) => shape.test(text));
}

/** The drafts saved by an earlier run of the window (empty when there are none or storage is off). */
export function loadDrafts(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Drafts {
  try {
    const raw = storage?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const drafts = Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    if (storage === globalThis.localStorage) baseline = { ...drafts };
    return drafts;
  } catch {
    return {};
  }
}

/** Only non-empty drafts without a credential are kept, newest conversations' first when over the size cap. */
export function serialiseDrafts(drafts: Drafts): string {
  let total = 0;
  const kept: Drafts = {};
  for (const [id, text] of Object.entries(drafts).reverse()) {
    if (!text.trim() || looksLikeSecret(text)) continue;
    total += text.length;
    if (total > MAX_CHARS) break;
    kept[id] = text;
  }
  return JSON.stringify(kept);
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** The drafts as this window last read or wrote them: what it changed since is what it writes. */
let baseline: Drafts = {};

/** The drafts another window saved meanwhile, with this window's own changes over them. */
export function mergeDrafts(stored: Drafts, before: Drafts, now: Drafts): Drafts {
  const merged = { ...stored };
  for (const id of new Set([...Object.keys(before), ...Object.keys(now)]))
    if ((before[id] ?? '') !== (now[id] ?? '')) merged[id] = now[id] ?? '';
  return merged;
}

/**
 * Saves soon (debounced); a later call replaces an earlier pending one. Several windows share the
 * page's storage: only the drafts this window changed are written over what is stored.
 */
export function saveDraftsSoon(
  drafts: Drafts,
  storage: Partial<Pick<Storage, 'getItem'>> & Pick<Storage, 'setItem'> = globalThis.localStorage,
  delayMs = 1000,
): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    try {
      const stored = storage.getItem ? loadDrafts({ getItem: (k) => storage.getItem!(k) }) : {};
      storage.setItem(KEY, serialiseDrafts(mergeDrafts(stored, baseline, drafts)));
      baseline = { ...drafts };
    } catch {
      // Storage full or disabled: drafts stay in memory for this run.
    }
  }, delayMs);
}
