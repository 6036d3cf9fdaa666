/** Why a value cannot go into the feed; `field` names the schema element, `detail` what it should be. */
export type CpfProblemCode = 'required' | 'invalid' | 'too_long' | 'not_allowed' | 'before_start';

export interface CpfProblem {
  field: string;
  code: CpfProblemCode;
  detail?: string;
}

/**
 * One line of the export's refusal, shaped like a line of the register's processing report (idTechnique,
 * messageErreur) so that the cpf control page shows both alike. A problem of the whole file (register account,
 * certification code) has no idTechnique. EvidenzId is the certificate's id, which the report rows filter on.
 */
export interface CpfExportError {
  idTechnique: string | null;
  EvidenzId: number | null;
  messageErreur: string;
  problems: CpfProblem[];
}

function describe(problem: CpfProblem): string {
  const detail = problem.detail ?? '';
  switch (problem.code) {
    case 'required':
      return `${problem.field} is missing${detail ? ` (${detail})` : ''}`;
    case 'invalid':
      return `${problem.field} is not valid${detail ? `: expected ${detail}` : ''}`;
    case 'too_long':
      return `${problem.field} is longer than ${detail} characters`;
    case 'not_allowed':
      return `${problem.field} is not allowed${detail ? ` ${detail}` : ''}`;
    case 'before_start':
      return `${problem.field} is before ${detail}`;
  }
}

export function exportError(
  problems: readonly CpfProblem[],
  certificate?: { id: number; key: string },
): CpfExportError {
  return {
    idTechnique: certificate?.key ?? null,
    EvidenzId: certificate?.id ?? null,
    messageErreur: problems.map(describe).join('; '),
    problems: [...problems],
  };
}
