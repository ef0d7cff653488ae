import { splitAskedBy } from './rule-words';

// Why a tool call was denied, in plain words for its card. Core records who decided as a short
// code ("asked: denied (not this folder)", "timeout: no answer in 5 min", "cancelled: …", or a
// rule's description); the card says what happened instead of echoing the code.
export function deniedWords(decidedBy: string | null): string {
  if (!decidedBy) return 'Denied: the tool did not run, and Claude was told so.';
  const { answer, asked } = splitAskedBy(decidedBy);
  const words = answerDeniedWords(answer);
  return asked ? `${words} ${asked}` : words;
}

function answerDeniedWords(decidedBy: string): string {
  const asked = /^asked: denied(?: \((.*)\))?$/s.exec(decidedBy);
  if (asked)
    return asked[1]
      ? `You denied it (“${asked[1]}”): the tool did not run, and Claude was told why.`
      : 'You denied it: the tool did not run, and Claude was told so.';
  const timeout = /^timeout: no answer in (.+)$/.exec(decidedBy);
  if (timeout)
    return `Nobody answered within ${timeout[1]}, so it was denied: the tool did not run.`;
  const rule = /^rule deny (.+) \((user|project|cli|session)\)$/s.exec(decidedBy);
  if (rule) {
    const whose = { user: 'your rule', project: "the project's rule", cli: 'the --deny rule' }[
      rule[2] as 'user' | 'project' | 'cli'
    ];
    return `Refused by ${whose ?? 'the rule'} “${rule[1]}”: the tool did not run, and Claude was told which rule refused it.`;
  }
  const cancelled = /^cancelled: (.+)$/s.exec(decidedBy);
  if (cancelled) return `The question was withdrawn (${cancelled[1]}): the tool did not run.`;
  return `Denied by ${decidedBy}: the tool did not run, and Claude was told so.`;
}
