import { validation } from '../../errors/domain-error';
import { flag, freeText, requiredText, versionOf } from '../../core/input';
import { DESCRIPTION_MAX, TITLE_MAX } from '../courses';
import { ModuleType } from './module.entity';

export const MODULE_TEXT = {
  titleRequired: 'Module title is required',
  orderMin: 'Order must be at least 1',
  orderWhole: 'Order must be a whole number',
  typeInvalid: 'Module type must be Week or Unit',
  notFound: 'Module not found',
  cannotManage: 'Only the teachers of this course can manage its modules',
  selectModule: 'Please select a module to reuse',
  created: 'Module created successfully',
  updated: 'Module updated successfully',
  deleted: 'Module deleted successfully',
  cloned: 'Module reused successfully',
} as const;

export interface ModuleFields {
  title?: string;
  description?: string;
  moduleType?: ModuleType;
  order?: number;
  isVisible?: boolean;
}

export interface ModuleInput {
  title?: unknown;
  description?: unknown;
  moduleType?: unknown;
  order?: unknown;
  isVisible?: unknown;
  version?: unknown;
}

function order(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw validation(MODULE_TEXT.orderWhole, 'order');
  if (n < 1) throw validation(MODULE_TEXT.orderMin, 'order');
  if (!Number.isInteger(n) || n > 100000) throw validation(MODULE_TEXT.orderWhole, 'order');
  return n;
}

function moduleType(v: unknown): ModuleType | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (v !== ModuleType.Week && v !== ModuleType.Unit) throw validation(MODULE_TEXT.typeInvalid, 'type');
  return v;
}

/** platform.md section 5: title required; order at least 1 (absent: next after the highest); Week when no type. */
export function validateNewModule(input: ModuleInput): ModuleFields & { title: string; moduleType: ModuleType; isVisible: boolean } {
  return {
    title: requiredText(input.title, MODULE_TEXT.titleRequired, 'Title', TITLE_MAX, undefined, 'title'),
    description: freeText(input.description, 'Description', DESCRIPTION_MAX, undefined, 'description') ?? '',
    moduleType: moduleType(input.moduleType) ?? ModuleType.Week,
    order: order(input.order),
    isVisible: flag(input.isVisible, 'isVisible', 'isVisible') ?? true,
  };
}

/** An edit: fields not given stay as they are. */
export function validateModuleEdit(input: ModuleInput): { set: ModuleFields; version?: number } {
  const set: ModuleFields = {};
  if (input.title !== undefined) set.title = requiredText(input.title, MODULE_TEXT.titleRequired, 'Title', TITLE_MAX, undefined, 'title');
  const description = freeText(input.description, 'Description', DESCRIPTION_MAX, undefined, 'description');
  if (description !== undefined) set.description = description;
  const type = moduleType(input.moduleType);
  if (type) set.moduleType = type;
  if (input.order !== undefined) {
    const o = order(input.order);
    if (o === undefined) throw validation(MODULE_TEXT.orderMin, 'order');
    set.order = o;
  }
  const visible = flag(input.isVisible, 'isVisible', 'isVisible');
  if (visible !== undefined) set.isVisible = visible;
  return { set, version: versionOf(input.version) };
}
