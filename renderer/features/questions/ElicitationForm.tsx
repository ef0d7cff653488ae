// The body of an elicitation form: the server's schema as fields (defaults filled in, SEP-1034),
// checked before anything is sent, in the shared question frame. Submit and Decline (the buttons)
// are the specification's accept and decline; Escape is its cancel (dismissed without a choice).
// Enter in a field moves on (the frame), never submits.
import { useId, useMemo, useState } from 'react';
import type { ElicitationFormQuestion } from '../../../shared/client-questions';
import {
  initialValues,
  validateForm,
  type FormField,
  type FormValues,
} from '../../../shared/elicitation-form';
import { Marked } from '../../components/Marked';
import { useLena, useLenaActions } from '../../store';
import { asksSelectors } from '../../store/asks/selectors';
import { QuestionFrame } from './QuestionFrame';
import { useElsewhere } from './elsewhere';

const INPUT_TYPE: Record<string, string> = { email: 'email', uri: 'url', date: 'date' };

// Long: one branch of markup per field type an elicitation schema allows.
function Field({
  field,
  value,
  error,
  onChange,
}: {
  field: FormField;
  value: FormValues[string];
  error?: string;
  onChange(v: FormValues[string]): void;
}) {
  const id = useId();
  const hint = field.description ? (
    <span className="small muted" id={`${id}-d`}>
      {field.description}
    </span>
  ) : null;
  const described =
    [field.description ? `${id}-d` : '', error ? `${id}-e` : ''].filter(Boolean).join(' ') ||
    undefined;
  const label = (
    <>
      <label htmlFor={id}>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {field.sensitive && <span className="badge badge-danger">looks like a secret</span>}
    </>
  );
  let control;
  switch (field.kind) {
    case 'text':
      control = (
        <input
          id={id}
          type={INPUT_TYPE[field.format ?? ''] ?? 'text'}
          placeholder={field.format === 'date-time' ? 'YYYY-MM-DDTHH:MM+00:00' : undefined}
          value={typeof value === 'string' ? value : ''}
          required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'number':
      control = (
        <input
          id={id}
          type="number"
          step={field.integer ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          value={typeof value === 'number' && Number.isFinite(value) ? String(value) : ''}
          required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
      break;
    case 'boolean':
      return (
        <div className="form-field" data-field={field.key}>
          <label>
            <input
              type="checkbox"
              checked={value === true}
              aria-describedby={described}
              onChange={(e) => onChange(e.target.checked)}
            />{' '}
            {field.label}
            {field.required && <span aria-hidden="true"> *</span>}
          </label>
          {hint}
          {error && (
            <span className="error small" id={`${id}-e`}>
              {field.label} {error}
            </span>
          )}
        </div>
      );
    case 'select':
      control = (
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">—</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'multi-select': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="form-field" data-field={field.key} aria-describedby={described}>
          <legend>
            {field.label}
            {field.required && <span aria-hidden="true"> *</span>}
          </legend>
          {hint}
          {field.options.map((o) => (
            <label key={o.value}>
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value),
                  )
                }
              />{' '}
              {o.label}
            </label>
          ))}
          {error && (
            <span className="error small" id={`${id}-e`}>
              {field.label}: {error}
            </span>
          )}
        </fieldset>
      );
    }
  }
  return (
    <div className="form-field" data-field={field.key}>
      {label}
      {hint}
      {control}
      {error && (
        <span className="error small" id={`${id}-e`}>
          {field.label} {error}
        </span>
      )}
    </div>
  );
}

// Long: the fields, validation and the three answers share the values state.
export function ElicitationFormView({
  question,
  position,
  total,
}: {
  question: ElicitationFormQuestion;
  position: number;
  total: number;
}) {
  const { answerServerQuestion: answer } = useLenaActions();
  const elsewhere = useElsewhere(question.conversationId);
  const failure = useLena(asksSelectors.error);
  const [values, setValues] = useState<FormValues>(() => initialValues(question.fields));
  const [tried, setTried] = useState(false);
  const checked = useMemo(() => validateForm(question.fields, values), [question.fields, values]);
  const errors = tried && !checked.ok ? checked.errors : {};
  const sensitive = question.fields.filter((f) => f.sensitive);
  const submit = () => {
    setTried(true);
    if (checked.ok) void answer(question.id, { action: 'accept', values });
  };
  const decline = () => void answer(question.id, { action: 'decline' });
  const cancel = () => void answer(question.id, { action: 'cancel' });
  return (
    <QuestionFrame
      questionId={question.id}
      elsewhere={elsewhere}
      className="elicitation-question"
      heading={
        question.from === 'agent' ? (
          <>
            The agent <code>{question.server}</code> asks a question
          </>
        ) : (
          <>
            <code>{question.server}</code> asks for information
          </>
        )
      }
      position={position}
      total={total}
      primary={{ label: 'Submit', button: `Submit to ${question.server}`, run: submit }}
      cancel={{ label: 'Cancel', run: cancel, keyOnly: true }}
      choices={<button onClick={decline}>Decline</button>}
    >
      <span className="small muted">
        {question.from === 'agent'
          ? 'The A2A agent says (its own words; your answer continues its task)'
          : 'The server says (its own words)'}
      </span>
      <div className="server-text" data-testid="elicitation-message">
        <Marked text={question.message} />
      </div>
      {question.purpose && <p className="small muted">While working on {question.purpose}</p>}
      {sensitive.length > 0 && (
        <p className="warning small" role="note" data-testid="elicitation-sensitive">
          ⚠ {sensitive.map((f) => `“${f.label}”`).join(', ')}{' '}
          {sensitive.length === 1 ? 'looks' : 'look'} like a password, token or key. Servers must
          not ask for secrets this way; give them only through the server’s own settings.
        </p>
      )}
      <div className="elicitation-fields">
        {question.fields.map((f) => (
          <Field
            key={f.key}
            field={f}
            value={values[f.key]}
            error={errors[f.key]}
            onChange={(v) => setValues((cur) => ({ ...cur, [f.key]: v }))}
          />
        ))}
      </div>
      {tried && !checked.ok && (
        <p className="error small" role="alert">
          Fix the marked fields; nothing was sent.
        </p>
      )}
      {failure && (
        <p className="error small" role="alert">
          Your answer was not recorded: {failure.message}
        </p>
      )}
    </QuestionFrame>
  );
}
