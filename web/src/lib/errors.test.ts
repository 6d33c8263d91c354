import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { errorCode, errorCount, errorMessage } from './errors';

const graphqlError = (...errors: { message: string; extensions?: Record<string, unknown> }[]) => new CombinedGraphQLErrors({ errors });

describe('errorMessage', () => {
  it('shows the server’s first message', () => {
    expect(errorMessage(graphqlError({ message: 'Course not found' }, { message: 'second' }), 'Failed to fetch course')).toBe(
      'Course not found',
    );
    expect(errorMessage(graphqlError({ message: '' }, { message: 'Title is required' }), 'Failed')).toBe('Title is required');
  });

  it('shows the spec’s fallback for anything else', () => {
    expect(errorMessage(graphqlError({ message: '' }), 'Failed to create quiz')).toBe('Failed to create quiz');
    expect(errorMessage(new Error('Network request failed'), 'Failed to create quiz')).toBe('Failed to create quiz');
    expect(errorMessage(null, 'Failed to create quiz')).toBe('Failed to create quiz');
  });
});

describe('errorCode and errorCount', () => {
  it('read the first error’s extensions', () => {
    const refused = graphqlError(
      { message: 'It has submissions', extensions: { code: 'CONFLICT', submissions: 3 } },
      { message: 'x', extensions: { code: 'OTHER' } },
    );
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(errorCount(refused, 'submissions')).toBe(3);
  });

  it('read nothing that is missing or of the wrong kind', () => {
    const odd = graphqlError({ message: 'x', extensions: { code: 42, submissions: '3' } });
    expect(errorCode(odd)).toBeUndefined();
    expect(errorCount(odd, 'submissions')).toBeUndefined();
    expect(errorCount(graphqlError({ message: 'x' }), 'submissions')).toBeUndefined();
    expect(errorCode(new Error('CONFLICT'))).toBeUndefined();
    expect(errorCount(undefined, 'submissions')).toBeUndefined();
  });
});
