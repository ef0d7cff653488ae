// The shape of a text Lena wrapped as untrusted data (electron/core/chat/untrusted.ts), shared so
// the window can show the data of a stored wrapped block without the markers around it.

const WRAPPED =
  /^<untrusted-tool-output boundary="([A-Za-z0-9_-]+)">\n([\s\S]*)\n<\/untrusted-tool-output boundary="\1">$/;

/** The data inside a stored wrapper (any boundary), or the text itself when it was never wrapped. */
export function unwrapUntrusted(text: string): { data: string; wrapped: boolean } {
  const m = WRAPPED.exec(text);
  return m ? { data: m[2], wrapped: true } : { data: text, wrapped: false };
}
