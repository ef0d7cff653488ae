// The arguments of a command as an editable list, one argument per row (no quoting to get wrong).
export function ArgsList({ args, onChange }: { args: string[]; onChange(args: string[]): void }) {
  return (
    <fieldset className="args-list">
      <legend>Arguments</legend>
      {args.map((a, i) => (
        <div className="row" key={i}>
          <input
            aria-label={`Argument ${i + 1}`}
            className="mono grow"
            value={a}
            onChange={(e) => onChange(args.map((x, n) => (n === i ? e.target.value : x)))}
          />
          <button
            type="button"
            className="ghost icon"
            aria-label={`Remove argument ${i + 1}`}
            onClick={() => onChange(args.filter((_, n) => n !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="small-button" onClick={() => onChange([...args, ''])}>
        + Add argument
      </button>
    </fieldset>
  );
}
