import { describe, expect, it } from 'vitest';
import { nextOrder, validateModule, type ModuleFields } from './useCourseModules';

const moduleFields = (over: Partial<ModuleFields> = {}): ModuleFields => ({
  title: 'Fractions',
  description: '',
  moduleType: 'WEEK',
  order: '1',
  isVisible: true,
  ...over,
});

describe('modules (spec sections 5 and 9)', () => {
  it('numbers the next module after the highest, not after the count', () => {
    expect(nextOrder([])).toBe(1);
    expect(nextOrder([{ order: 1 }, { order: 5 }, { order: 2 }])).toBe(6);
  });

  it('wants a title and a whole order of at least 1', () => {
    expect(validateModule(moduleFields())).toEqual({});
    expect(validateModule(moduleFields({ title: '  ' })).title).toBe('Title is required');
    expect(validateModule(moduleFields({ order: ' ' })).order).toBe('Order is required');
    for (const order of ['0', '-1', '1.5', 'x']) expect(validateModule(moduleFields({ order })).order).toBe('Order must be at least 1');
    expect(validateModule(moduleFields({ order: '12' })).order).toBeUndefined();
  });
});
