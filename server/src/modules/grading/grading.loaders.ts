import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { byIdLoader } from '../../core/dataloaders';
import { assessmentsByIds } from './grading.repository';

/**
 * Per request: the item of many submissions (Submission.assessment) in one statement. Not filtered by
 * 'assessment.read': whoever reads a submission may see what it answers (its student even once the item is
 * hidden); the keys inside stay behind their own field rules ('assessment.seeKey').
 */
export function gradingLoaders(ds: DataSource, _actor: Actor | null) {
  return {
    submissionAssessmentById: byIdLoader((ids) => assessmentsByIds(ds, ids)),
  };
}
