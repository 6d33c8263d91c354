import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/errors';
import { ReuseDialog, type ReuseTree } from '../../components/ReuseDialog';
import { TitleDescriptionFields } from '../../components/TitleDescriptionFields';
import { fullName, moduleLabel } from '../../lib/format';
import { useAssessmentClonePreviewQuery, useReusableAssessmentsQuery, type ReusableAssessmentFragment } from './assessments.generated';
import { DueDateField } from './AssessmentDialog';
import { fromLocalInput, toLocalInput } from '../assessment-form/fields';
import { selectToReuseText, type Kind } from '../../lib/assessmentKinds';
import { GQL_KIND, type ListOwner, type ReuseFields } from './useAssessments';

type Item = ReusableAssessmentFragment;

/** Year -> class -> course (-> module for quizzes) -> item (spec section 2). */
const COURSE_LEVELS: ReuseTree<Item>['levels'] = [
  { key: (a) => a.course.academicYear.id, label: (a) => a.course.academicYear.year },
  { key: (a) => a.course.class.id, label: (a) => a.course.class.name },
  { key: (a) => a.course.id, label: (a) => a.course.title },
];
const LEAF: ReuseTree<Item>['leaf'] = { key: (a) => a.id, label: (a) => a.title };
const COURSE_TREE: ReuseTree<Item> = { levels: COURSE_LEVELS, leaf: LEAF };
const MODULE_TREE: ReuseTree<Item> = {
  levels: [
    ...COURSE_LEVELS,
    { key: (a) => a.module?.id ?? 'none', label: (a) => (a.module ? `${moduleLabel(a.module)}: ${a.module.title}` : 'No module') },
  ],
  leaf: LEAF,
};

/** Beyond the spec: what the copy takes and what changes, asked of the server before copying (nothing is changed by asking). */
function ClonePreview({ kind, owner, assessmentId, dueDate }: { kind: Kind; owner: ListOwner; assessmentId: string; dueDate: string }) {
  const target = 'moduleId' in owner.input ? { newModuleId: owner.input.moduleId } : { targetCourseId: owner.input.courseId };
  const query = useAssessmentClonePreviewQuery({
    variables: { input: { assessmentId, ...target, dueDate: dueDate ? fromLocalInput(dueDate) : undefined } },
    fetchPolicy: 'network-only',
  });
  const changes = query.data?.assessmentClonePreview;
  // spec section 8 only logs failures of reuse calls; DESIGN.md: the user sees them
  if (query.error) return <Alert severity="error">{errorMessage(query.error, `Failed to fetch what the ${kind.key} copy changes`)}</Alert>;
  if (!changes) return query.loading ? <Typography color="text.secondary">Checking what will be copied...</Typography> : null;
  const n = changes.questionCount;
  return (
    <Box role="status" aria-label="What will be copied" sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="info">{`${n} question${n === 1 ? '' : 's'} will be copied, with their options, accepted answers and partial marking.`}</Alert>
      {changes.droppedStudents.length > 0 && (
        <Alert severity="warning">
          {`Not placed in this class, so left out: ${changes.droppedStudents.map(fullName).join(', ')}.`}
          {changes.scopeSwitchedToWholeClass && ' No target student remains: the copy will be for the whole class.'}
        </Alert>
      )}
      {changes.dueDateInPast && <Alert severity="warning">The due date is already past: set a new due date above.</Alert>}
    </Box>
  );
}

interface ReuseAssessmentDialogProps {
  kind: Kind;
  owner: ListOwner;
  onClose(): void;
  onReuse(assessmentId: string, fields: ReuseFields): Promise<string | null>;
}

/**
 * Reuse Assignment, Exam or Quiz: the teacher's other items in a tree; picking one fills the title and the
 * description (and its due date, which may be changed); submit stays disabled until an item is picked.
 */
export function ReuseAssessmentDialog({ kind, owner, onClose, onReuse }: ReuseAssessmentDialogProps) {
  const query = useReusableAssessmentsQuery({ variables: { kind: GQL_KIND[kind.key], ...owner.input }, fetchPolicy: 'network-only' });
  const [values, setValues] = useState<ReuseFields>({ title: '', description: '', dueDate: '' });

  return (
    <ReuseDialog
      id={`reuse-${kind.key}`}
      title={`Reuse ${kind.noun}`}
      treeLabel={`Available ${kind.plural.toLowerCase()}`}
      emptyText={`No ${kind.plural.toLowerCase()} available for reuse.`}
      prompt={selectToReuseText(kind)}
      // spec section 8 only logs this failure; DESIGN.md: the user sees it
      query={query}
      items={query.data?.reusableAssessments.nodes}
      loadFailedText={`Failed to fetch available ${kind.plural.toLowerCase()} for reuse`}
      tree={kind.inModule ? MODULE_TREE : COURSE_TREE}
      onPick={(a) => setValues({ title: a.title, description: a.description, dueDate: toLocalInput(a.dueDate) })}
      onReuse={(id) => onReuse(id, values)}
      onClose={onClose}
    >
      {(picked) => (
        <>
          <TitleDescriptionFields
            idPrefix={`reuse-${kind.key}`}
            values={values}
            rows={2}
            disabled={!picked}
            onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
          />
          {picked && (
            <>
              <DueDateField
                id={`reuse-${kind.key}-due`}
                value={values.dueDate}
                onChange={(dueDate) => setValues((v) => ({ ...v, dueDate }))}
              />
              <ClonePreview kind={kind} owner={owner} assessmentId={picked.id} dueDate={values.dueDate} />
            </>
          )}
        </>
      )}
    </ReuseDialog>
  );
}
