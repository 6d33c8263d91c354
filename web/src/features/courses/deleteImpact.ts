import { useApolloClient } from '@apollo/client/react';
import { confirmAction } from '../../components/confirm';
import { CourseDeleteImpactDocument, ModuleDeleteImpactDocument } from './courses.generated';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 modules, 1 content item and 3 submissions': the non-zero counts, in the given order. */
export function listCounts(parts: Array<[number, string, string]>): string {
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => count(n, one, many));
  if (said.length <= 1) return said.join('');
  return `${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}`;
}

function question(what: string, goes: string): string {
  return `Are you sure you want to delete ${what}? ${goes ? `This also deletes ${goes}.` : 'Nothing else is deleted with it.'}`;
}

/**
 * Confirmations of a course or a module delete that state what goes with it, counted by the server the moment
 * before (deleteImpact). If the counts cannot be read, the question is still asked, without them.
 */
export function useDeleteConfirmations() {
  const client = useApolloClient();

  const confirmCourse = async (course: { id: string; title: string }): Promise<boolean> => {
    const what = `the course ${course.title}`;
    const i = await client.query({ query: CourseDeleteImpactDocument, variables: { id: course.id }, fetchPolicy: 'network-only' }).then(
      (r) => r.data?.course.deleteImpact,
      () => null,
    );
    if (!i)
      return confirmAction(`Are you sure you want to delete ${what}? Its modules, content, assessments and submissions are deleted too.`);
    return confirmAction(
      question(
        what,
        listCounts([
          [i.modules, 'module', 'modules'],
          [i.contents, 'content item', 'content items'],
          [i.assessments, 'assignment, exam or quiz', 'assignments, exams and quizzes'],
          [i.submissions, 'student submission', 'student submissions'],
          [i.announcements, 'announcement', 'announcements'],
          [i.discussions, 'discussion post', 'discussion posts'],
        ]),
      ),
    );
  };

  const confirmModule = async (module: { id: string; title: string }): Promise<boolean> => {
    const what = `the module ${module.title}`;
    const i = await client.query({ query: ModuleDeleteImpactDocument, variables: { id: module.id }, fetchPolicy: 'network-only' }).then(
      (r) => r.data?.module.deleteImpact,
      () => null,
    );
    if (!i) return confirmAction(`Are you sure you want to delete ${what}? Its content and quizzes are deleted too.`);
    return confirmAction(
      question(
        what,
        listCounts([
          [i.contents, 'content item', 'content items'],
          [i.quizzes, 'quiz', 'quizzes'],
          [i.submissions, 'student submission', 'student submissions'],
        ]),
      ),
    );
  };

  return { confirmCourse, confirmModule };
}
