import { useCallback, useState } from 'react';
import { Banner } from '../../components/Banner';
import { ReuseAddButtons, SectionHeader } from '../../components/ListTab';
import { AssessmentTable } from './AssessmentTable';
import { CreateAssessmentDialog, EditAssessmentDialog } from './AssessmentDialogs';
import type { Kind } from '../../lib/assessmentKinds';
import { RegradePreview } from './RegradePreview';
import { ReuseAssessmentDialog } from './ReuseAssessmentDialog';
import { useAssessments, type AssessmentRow, type ListOwner } from './useAssessments';

type Open = { kind: 'create' } | { kind: 'edit'; row: AssessmentRow } | { kind: 'reuse' } | null;

interface AssessmentsTabProps {
  kind: Kind;
  /** The list, from the page's query. */
  rows: readonly AssessmentRow[];
  /** Create and Reuse: the server's `viewerCanManage` of the course (each row carries its own edit and delete). */
  canManage: boolean;
  owner: ListOwner;
  /** The quizzes of a hidden module. */
  inHiddenModule?: boolean;
}

/**
 * The course page's Assignments and Exams tabs and the module page's Quizzes tab (spec section 2): the table,
 * Create and Reuse for who may change the course, the dialogs, and the success and error banners (3 seconds).
 */
export function AssessmentsTab({ kind, rows, canManage, owner, inHiddenModule }: AssessmentsTabProps) {
  const a = useAssessments(kind, owner);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const { showError } = a;
  const loadFailed = useCallback(
    (message: string) => {
      showError(message);
      setOpen(null);
    },
    [showError],
  );

  return (
    <>
      <Banner severity="success" message={a.success} onClose={a.clearSuccess} />
      <Banner severity="error" message={a.error} onClose={a.clearError} />
      <SectionHeader title={kind.plural}>
        {canManage && (
          <ReuseAddButtons
            noun={kind.noun}
            verb="Create"
            onReuse={() => setOpen({ kind: 'reuse' })}
            onAdd={() => setOpen({ kind: 'create' })}
          />
        )}
      </SectionHeader>
      <AssessmentTable
        kind={kind}
        rows={rows}
        inHiddenModule={inHiddenModule}
        onEdit={(row) => setOpen({ kind: 'edit', row })}
        onDelete={(row) => void a.remove(row)}
      />
      {open?.kind === 'create' && <CreateAssessmentDialog kind={kind} owner={owner} onClose={close} onSave={a.create} />}
      {open?.kind === 'edit' && (
        <EditAssessmentDialog
          kind={kind}
          owner={owner}
          id={open.row.id}
          onClose={close}
          onSave={(f) => a.update(open.row, f)}
          preview={async (f) => {
            const regrade = await a.regradePreview(open.row, f);
            return regrade && <RegradePreview kind={kind} regrade={regrade} />;
          }}
          onLoadFailed={loadFailed}
        />
      )}
      {open?.kind === 'reuse' && <ReuseAssessmentDialog kind={kind} owner={owner} onClose={close} onReuse={a.reuse} />}
    </>
  );
}
