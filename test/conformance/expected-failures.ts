// The ONE list of conformance cells that are not expected to pass yet, each with the issue that
// makes it pass. The matrix skips them (so `npm test` stays green) and names the reason; remove an
// entry when its issue lands and the cell then runs. Patterns: an exact scenario name, or a
// prefix ending in "/" (e.g. "auth/" would be every authorization scenario).
export interface ExpectedFailure {
  /** Scenario name or prefix ending in "/". */
  scenario: string;
  /** Which cells: omitted means every cell of the matrix. */
  cells?: CellId[];
  reason: string;
}

export type CellId = '0.1.16' | '0.2.0-alpha.12' | '0.2.0-alpha.12@2026-07-28';

export const EXPECTED_FAILURES: ExpectedFailure[] = [
];

/** The entry that covers `scenario` in `cell`, if any. */
export function expectedFailure(cell: CellId, scenario: string): ExpectedFailure | undefined {
  return EXPECTED_FAILURES.find(
    (f) => (f.scenario.endsWith('/') ? scenario.startsWith(f.scenario) : scenario === f.scenario) && (!f.cells || f.cells.includes(cell)),
  );
}
