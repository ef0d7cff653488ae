// A question a server asks (sampling, elicitation, a tool view's message) or a tool call's sign-in: the body for its kind, in the shared frame.
import type { ClientQuestion } from '../../../shared/client-questions';
import { AppMessageView } from './AppMessageQuestion';
import { ElicitationFormView } from './ElicitationForm';
import { SamplingAnswerView, SamplingRequestView } from './SamplingQuestion';
import { SignInQuestionView } from './SignInQuestion';
import { UrlQuestionView } from './UrlQuestion';

export function ServerQuestionView({
  question,
  position,
  total,
}: {
  question: ClientQuestion;
  position: number;
  total: number;
}) {
  switch (question.kind) {
    case 'sampling-request':
      return <SamplingRequestView question={question} position={position} total={total} />;
    case 'sampling-answer':
      return <SamplingAnswerView question={question} position={position} total={total} />;
    case 'elicitation-form':
      return <ElicitationFormView question={question} position={position} total={total} />;
    case 'elicitation-url':
      return <UrlQuestionView question={question} position={position} total={total} />;
    case 'sign-in':
      return <SignInQuestionView question={question} position={position} total={total} />;
    case 'app-message':
      return <AppMessageView question={question} position={position} total={total} />;
  }
}
