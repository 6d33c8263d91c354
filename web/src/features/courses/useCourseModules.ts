import { evictObject } from '../../lib/cacheUpdates';
import { useActionMessages } from '../../components/useActionMessages';
import type { ModuleType } from '../../gql/types';
import {
  useCloneModuleMutation,
  useCreateModuleMutation,
  useDeleteModuleMutation,
  useUpdateModuleMutation,
  type CourseModulesTabFragment,
  type ModuleItemFragment,
} from './courses.generated';
import { useDeleteConfirmations } from './deleteImpact';
import { MODULE_TYPE_LABEL } from '../../lib/format';

export type ModuleRow = ModuleItemFragment;

export interface ModuleFields {
  title: string;
  description: string;
  moduleType: ModuleType;
  order: string;
  isVisible: boolean;
}

export const MODULE_TYPES = Object.keys(MODULE_TYPE_LABEL) as readonly ModuleType[];

/** The next module's order: the highest existing plus 1 (spec section 9). */
export function nextOrder(modules: readonly { order: number }[]): number {
  return modules.reduce((max, m) => Math.max(max, m.order), 0) + 1;
}

export type ModuleErrors = Partial<Record<'title' | 'order', string>>;

/** Title required; order required and at least 1 (spec section 5). */
export function validateModule(fields: ModuleFields): ModuleErrors {
  const errors: ModuleErrors = {};
  if (!fields.title.trim()) errors.title = 'Title is required';
  const order = Number(fields.order);
  if (fields.order.trim() === '') errors.order = 'Order is required';
  else if (!Number.isInteger(order) || order < 1) errors.order = 'Order must be at least 1';
  return errors;
}

/**
 * The Modules tab: list (from the page's query), create, edit, delete, visibility, reuse. Each mutation answers
 * with the course's modules in the server's order (ModuleWithCourseList), so the list updates from the answer.
 */
export function useCourseModules(course: CourseModulesTabFragment) {
  const courseId = course.id;
  const [createMutation] = useCreateModuleMutation();
  const [updateMutation] = useUpdateModuleMutation();
  const { confirmModule } = useDeleteConfirmations();
  const [deleteMutation] = useDeleteModuleMutation();
  const [cloneMutation] = useCloneModuleMutation();
  const msgs = useActionMessages();
  const modules = course.modules;

  const input = (f: ModuleFields) => ({
    title: f.title.trim(),
    description: f.description.trim(),
    moduleType: f.moduleType,
    order: Number(f.order),
    isVisible: f.isVisible,
  });

  const createModule = (fields: ModuleFields): Promise<string | null> =>
    msgs.attempt(
      () => createMutation({ variables: { input: { courseId, ...input(fields) } } }),
      'Module created successfully',
      'Failed to create module',
    );

  const updateModule = (module: ModuleRow, fields: ModuleFields): Promise<string | null> =>
    msgs.attempt(
      () => updateMutation({ variables: { input: { id: module.id, version: module.version, ...input(fields) } } }),
      'Module updated successfully',
      'Failed to update module',
    );

  const toggleVisibility = (module: ModuleRow): Promise<boolean> =>
    msgs.act(
      () => updateMutation({ variables: { input: { id: module.id, version: module.version, isVisible: !module.isVisible } } }),
      module.isVisible ? 'Module hidden from students' : 'Module visible to students',
      'Failed to update module',
    );

  const deleteModule = async (module: ModuleRow): Promise<void> => {
    if (!(await confirmModule(module))) return;
    await msgs.act(
      // deleteModule answers true: the module (and its content) leave the cache, and with them the row
      () =>
        deleteMutation({ variables: { id: module.id }, update: (cache) => evictObject(cache, { __typename: 'Module', id: module.id }) }),
      'Module deleted successfully',
      'Failed to delete module',
    );
  };

  /**
   * Reuse Module: a copy (with its content) appended to this course. The picker fills title and description;
   * when the teacher changed them, the copy is renamed afterwards.
   */
  const reuseModule = (moduleId: string, fields: { title: string; description: string }): Promise<string | null> =>
    msgs.attempt(
      // an empty title keeps the original's; the copy and its new title land in one server transaction
      () =>
        cloneMutation({
          variables: {
            input: { moduleId, newCourseId: courseId, title: fields.title.trim() || undefined, description: fields.description.trim() },
          },
        }),
      'Module reused successfully',
      'Failed to reuse module',
    );

  return {
    modules,
    canManage: course.viewerCanManage,
    nextOrder: nextOrder(modules),
    success: msgs.success,
    error: msgs.actionError,
    clearSuccess: msgs.clearSuccess,
    clearError: msgs.clearError,
    createModule,
    updateModule,
    toggleVisibility,
    deleteModule,
    reuseModule,
  };
}
