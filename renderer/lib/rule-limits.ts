// What an argument rule guarantees, said once for every place a rule is written or offered.
export const RULE_LIMITS =
  'Argument rules decide whether Lena asks; they are not isolation (a server may ignore its arguments or follow a link it makes later). Only a sandbox contains a hostile server.';

/** A core decision ("allow", "ask", "deny") as the preview and the tester say it. */
export const DECISION_WORDS: Record<'allow' | 'ask' | 'deny', string> = {
  allow: 'allowed',
  ask: 'asked',
  deny: 'refused',
};
