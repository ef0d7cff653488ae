// What the sandbox proxy puts in front of an MCP Apps view's HTML. The view's CSP says what it may
// fetch, but WebRTC (STUN/TURN over UDP to any host and port) and nested srcdoc documents escape
// it: a srcdoc frame inherits the policy yet gets fresh globals, so removing an API from the view's
// own window alone is not enough. The guard runs as the document's first script and
//  * deletes every RTC* constructor (RTCPeerConnection, webkitRTCPeerConnection, RTCDataChannel …)
//    and XSLTProcessor (an XSLT output can carry any attribute) from the view's window;
//  * makes a nested srcdoc document impossible: the srcdoc property and every attribute setter
//    refuse the name, and HTML parsed from a string (innerHTML, insertAdjacentHTML, document.write,
//    DOMParser, setHTMLUnsafe, execCommand …) passes a Trusted Types default policy that refuses
//    it (the view's CSP requires Trusted Types for script, so no string reaches a sink unchecked);
//    policies the view makes itself are wrapped the same way;
//  * turns DNS prefetching off for good (the x-dns-prefetch-control meta before it).
// A frame the view creates without srcdoc is about:blank on another opaque origin (the sandbox has
// no allow-same-origin), so the view cannot reach its globals. The static markup is rewritten so
// that no srcdoc attribute reaches the parser. The locks are non-configurable: a view cannot put
// the originals back, and no same-origin realm is left to take them from.

/** The attribute (and property) that makes a nested document from a string. */
const NESTED = 'srcdoc';

/** The guard, as the source of a script that runs before anything of the view's. */
export function viewGuardScript(): string {
  return `(() => {
  'use strict';
  const NESTED = ${JSON.stringify(NESTED)};
  const refuse = () => {
    throw new TypeError('This view tried to open a nested document (' + NESTED + '); Lena runs MCP Apps views without them, so it was refused.');
  };
  for (const name of Object.getOwnPropertyNames(window)) {
    if (!/^(webkit)?RTC/.test(name) && name !== 'XSLTProcessor') continue;
    try { delete window[name]; } catch (e) { /* replaced below */ }
    if (name in window) Object.defineProperty(window, name, { value: undefined, writable: false, configurable: false });
  }
  const lock = (proto, name, make) => {
    const d = proto && Object.getOwnPropertyDescriptor(proto, name);
    if (!d) return;
    if (typeof d.value === 'function') Object.defineProperty(proto, name, { value: make(d.value), writable: false, enumerable: d.enumerable, configurable: false });
    else if (d.set) Object.defineProperty(proto, name, { get: d.get, set: make(d.set), enumerable: d.enumerable, configurable: false });
  };
  const nested = (name) => String(name).toLowerCase().split(':').pop() === NESTED;
  const byName = (original) => function (name, ...rest) { if (nested(name)) refuse(); return Reflect.apply(original, this, [name, ...rest]); };
  const byNs = (original) => function (ns, name, ...rest) { if (nested(name)) refuse(); return Reflect.apply(original, this, [ns, name, ...rest]); };
  const byAttr = (original) => function (attr, ...rest) { if (attr && nested(attr.name)) refuse(); return Reflect.apply(original, this, [attr, ...rest]); };
  lock(window.HTMLIFrameElement && HTMLIFrameElement.prototype, NESTED, () => refuse);
  lock(Element.prototype, 'setAttribute', byName);
  lock(Element.prototype, 'toggleAttribute', byName);
  lock(Element.prototype, 'setAttributeNS', byNs);
  lock(Element.prototype, 'setAttributeNode', byAttr);
  lock(Element.prototype, 'setAttributeNodeNS', byAttr);
  lock(NamedNodeMap.prototype, 'setNamedItem', byAttr);
  lock(NamedNodeMap.prototype, 'setNamedItemNS', byAttr);
  const Factory = window.TrustedTypePolicyFactory;
  if (!Factory || !window.trustedTypes) return;
  const mentions = new RegExp(NESTED, 'i');
  const html = (value, type, sink) => {
    const text = String(value);
    if (mentions.test(text) || mentions.test(String(sink))) refuse();
    return text;
  };
  const original = Factory.prototype.createPolicy;
  const createPolicy = function createPolicy(name, rules) {
    const given = rules || {};
    const wrapped = {};
    if (typeof given.createHTML === 'function') wrapped.createHTML = (...args) => html(Reflect.apply(given.createHTML, given, args));
    if (typeof given.createScript === 'function') wrapped.createScript = (...args) => Reflect.apply(given.createScript, given, args);
    if (typeof given.createScriptURL === 'function') wrapped.createScriptURL = (...args) => Reflect.apply(given.createScriptURL, given, args);
    return Reflect.apply(original, this, [name, wrapped]);
  };
  Object.defineProperty(Factory.prototype, 'createPolicy', { value: createPolicy, writable: false, configurable: false });
  Reflect.apply(original, window.trustedTypes, ['default', { createHTML: html, createScript: (s) => s, createScriptURL: (s) => s }]);
})();`;
}

/**
 * The source of `viewDocument(html)` for the proxy's script: the guard first (standards mode, DNS
 * prefetch off), then the view's HTML with every "srcdoc" renamed, so its markup cannot hold a
 * nested document either (attribute names have no escapes; the match ignores case as HTML does).
 */
export function viewDocumentSource(): string {
  const head = `<!doctype html><meta http-equiv="x-dns-prefetch-control" content="off"><script>${viewGuardScript()}</script>`;
  return `const viewDocument = (html) => ${JSON.stringify(head)} + html.replace(/${NESTED}/gi, 'data-refused-nested');`;
}
